import { LOCALES } from '@portal/contract/constants';
import { profileApi, profileSettingsListToUpdate } from '@portal/contract/profile';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { demoAccountsIfSeeded } from '../../demo/accounts.ts';
import { sendWithRanges } from '../../http/byte-ranges.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import * as profile from './service.ts';

const AVATAR_BODY_LIMIT = 3 * 1024 * 1024;

export function profileRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = routesOf(app, ctx);

    // Avatar bytes arrive as the body itself; the type is then checked by content, not by this header.
    app.addContentTypeParser(
      ['image/jpeg', 'image/png', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: AVATAR_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    route(profileApi.locations, async (request) => ({
      locations: await profile.userLocations(ctx, sessionOf(request)),
    }));
    route(profileApi.units, async (request) => ({
      actives: await profile.userUnits(ctx, sessionOf(request)),
    }));
    route(profileApi.activesInfo, async (request) => ({
      actives: await profile.activeUnits(ctx, sessionOf(request)),
    }));
    route(profileApi.dataProfile, (request) => profile.dataProfile(ctx, sessionOf(request)));
    route(profileApi.profile, (request) => profile.updateProfile(ctx, sessionOf(request), request.body), {
      // The spec's list of changed settings ([{name, value}]) becomes the object form before validation.
      preValidation: async (request) => {
        request.body = profileSettingsListToUpdate(request.body);
      },
    });
    route(profileApi.changeDataRequest, async (request) => ({
      success: true as const,
      requestId: await profile.sendChangeDataRequest(ctx, sessionOf(request), request.body),
    }));
    route(profileApi.deleteAccount, async (request) => ({
      success: true as const,
      requestId: await profile.requestAccountDeletion(ctx, sessionOf(request), request.body ?? {}),
    }));
    route(
      profileApi.uploadAvatar,
      async (request) => {
        const image: unknown = request.body;
        if (!Buffer.isBuffer(image)) throw badRequest('avatar.type', 'file');
        return { avatar: await profile.uploadAvatar(ctx, sessionOf(request), image) };
      },
      { bodyLimit: AVATAR_BODY_LIMIT },
    );
    route(profileApi.deleteAvatar, async (request) => {
      await profile.deleteAvatar(ctx, sessionOf(request));
      return { avatar: null };
    });
    route(profileApi.avatarFile, async (request, reply) => {
      const file = await profile.readAvatar(ctx, `avatars/${request.params.name}`);
      if (!file) throw notFound();
      reply.type(file.mimeType).header('cache-control', 'private, max-age=86400, immutable');
      return sendWithRanges(request, reply, file);
    });
    route(profileApi.locales, async () => ({ locales: [...LOCALES] }));
    route(profileApi.userLocale, async (request) => ({
      locale: await profile.userLocale(ctx, sessionOf(request)),
    }));
    route(profileApi.setUserLocale, async (request) => {
      await profile.setUserLocale(ctx, sessionOf(request), request.query.userLocale);
      return { locale: request.query.userLocale };
    });
    // Only where demo data is on (DEMO_DATA, off by default in production) and the database is a demo one.
    route(profileApi.demoAccounts, async () => ({
      accounts: ctx.config.demoData ? await demoAccountsIfSeeded(ctx.database.db) : [],
    }));
  };
}
