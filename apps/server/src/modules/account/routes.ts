import { accountApi, profileSettingsListToUpdate } from '@portal/contract/account';
import { LOCALES } from '@portal/contract/constants';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { demoAccountsIfSeeded } from '../../demo/accounts.ts';
import { sendWithRanges } from '../../http/byte-ranges.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import * as account from './service.ts';

const AVATAR_BODY_LIMIT = 3 * 1024 * 1024;

export function accountRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = routesOf(app, ctx);

    // Avatar bytes arrive as the body itself; the type is then checked by content, not by this header.
    app.addContentTypeParser(
      ['image/jpeg', 'image/png', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: AVATAR_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    route(accountApi.locations, async (request) => ({
      locations: await account.userLocations(ctx, sessionOf(request)),
    }));
    route(accountApi.units, async (request) => ({
      actives: await account.userUnits(ctx, sessionOf(request)),
    }));
    route(accountApi.activesInfo, async (request) => ({
      actives: await account.activeUnits(ctx, sessionOf(request)),
    }));
    route(accountApi.dataProfile, (request) => account.dataProfile(ctx, sessionOf(request)));
    route(accountApi.profile, (request) => account.updateProfile(ctx, sessionOf(request), request.body), {
      // The spec's list of changed settings ([{name, value}]) becomes the object form before validation.
      preValidation: async (request) => {
        request.body = profileSettingsListToUpdate(request.body);
      },
    });
    route(accountApi.changeDataRequest, async (request) => ({
      success: true as const,
      requestId: await account.sendChangeDataRequest(ctx, sessionOf(request), request.body),
    }));
    route(accountApi.deleteAccount, async (request) => ({
      success: true as const,
      requestId: await account.requestAccountDeletion(ctx, sessionOf(request), request.body ?? {}),
    }));
    route(
      accountApi.uploadAvatar,
      async (request) => {
        const image: unknown = request.body;
        if (!Buffer.isBuffer(image)) throw badRequest('avatar.type', 'file');
        return { avatar: await account.uploadAvatar(ctx, sessionOf(request), image) };
      },
      { bodyLimit: AVATAR_BODY_LIMIT },
    );
    route(accountApi.deleteAvatar, async (request) => {
      await account.deleteAvatar(ctx, sessionOf(request));
      return { avatar: null };
    });
    route(accountApi.avatarFile, async (request, reply) => {
      const file = await account.readAvatar(ctx, `avatars/${request.params.name}`);
      if (!file) throw notFound();
      reply.type(file.mimeType).header('cache-control', 'private, max-age=86400, immutable');
      return sendWithRanges(request, reply, file);
    });
    route(accountApi.locales, async () => ({ locales: [...LOCALES] }));
    route(accountApi.userLocale, async (request) => ({
      locale: await account.userLocale(ctx, sessionOf(request)),
    }));
    route(accountApi.setUserLocale, async (request) => {
      await account.setUserLocale(ctx, sessionOf(request), request.query.userLocale);
      return { locale: request.query.userLocale };
    });
    // Issue 15: only where demo data is on (DEMO_DATA, off by default in production) and the database is a demo one.
    route(accountApi.demoAccounts, async () => ({
      accounts: ctx.config.demoData ? await demoAccountsIfSeeded(ctx.database.db) : [],
    }));
  };
}
