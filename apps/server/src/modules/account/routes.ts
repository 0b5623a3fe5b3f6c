import {
  activesInfoResponseSchema,
  avatarResponseSchema,
  changeDataRequestSchema,
  dataProfileResponseSchema,
  localesResponseSchema,
  profileSettingsListToUpdate,
  profileUpdateRequestSchema,
  requestCreatedResponseSchema,
  setUserLocaleQuerySchema,
  userLocaleResponseSchema,
  userLocationsResponseSchema,
  userUnitsResponseSchema,
} from '@portal/contract/account';
import { stepUpRequestSchema } from '@portal/contract/auth';
import { LOCALES } from '@portal/contract/constants';
import { demoAccountsResponseSchema } from '@portal/contract/demo';
import { errorResponseSchema } from '@portal/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { demoAccountsIfSeeded } from '../../demo/accounts.ts';
import { sendWithRanges } from '../../http/byte-ranges.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { requireSession, sessionOf } from '../../http/session-auth.ts';
import * as account from './service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };
const AVATAR_BODY_LIMIT = 3 * 1024 * 1024;

export function accountRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const authed = { onRequest: requireSession(ctx) };
    const security = [{ bearer: [] }];

    // Avatar bytes arrive as the body itself; the type is then checked by content, not by this header.
    app.addContentTypeParser(
      ['image/jpeg', 'image/png', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: AVATAR_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    app.get(
      '/users/locations',
      {
        ...authed,
        schema: {
          tags: ['locations'],
          security,
          summary: "The user's locations by role",
          response: { 200: userLocationsResponseSchema, ...errors },
        },
      },
      async (request) => ({ locations: await account.userLocations(ctx, sessionOf(request)) }),
    );

    app.get(
      '/users/actives',
      {
        ...authed,
        schema: {
          tags: ['units'],
          security,
          summary: "The user's units (layout list)",
          response: { 200: userUnitsResponseSchema, ...errors },
        },
      },
      async (request) => ({ actives: await account.userUnits(ctx, sessionOf(request)) }),
    );

    app.get(
      '/users/actives-info',
      {
        ...authed,
        schema: {
          tags: ['units'],
          security,
          summary: 'Cards of the owned units',
          response: { 200: activesInfoResponseSchema, ...errors },
        },
      },
      async (request) => ({ actives: await account.activeUnits(ctx, sessionOf(request)) }),
    );

    app.get(
      '/users/data-profile',
      {
        ...authed,
        schema: {
          tags: ['profile'],
          security,
          summary: 'Profile and profile settings',
          response: { 200: dataProfileResponseSchema, ...errors },
        },
      },
      (request) => account.dataProfile(ctx, sessionOf(request)),
    );

    app.post(
      '/users/profile',
      {
        ...authed,
        // The spec's list of changed settings ([{name, value}]) becomes the object form before validation.
        preValidation: async (request) => {
          request.body = profileSettingsListToUpdate(request.body) as typeof request.body;
        },
        schema: {
          tags: ['profile'],
          security,
          summary:
            "Save the changed settings only (e-mail, phone, current role, locale), as an object or as the spec's list of {name, value}; an e-mail or phone change needs password (or an authenticator code)",
          body: profileUpdateRequestSchema,
          response: { 200: dataProfileResponseSchema, 409: errorResponseSchema, ...errors },
        },
      },
      (request) => account.updateProfile(ctx, sessionOf(request), request.body),
    );

    app.post(
      '/users/send-change-data-request',
      {
        ...authed,
        schema: {
          tags: ['requests'],
          security,
          summary:
            'Ask the manager to change base data or bank details (bank details: with password or an authenticator code)',
          body: changeDataRequestSchema,
          response: { 200: requestCreatedResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        requestId: await account.sendChangeDataRequest(ctx, sessionOf(request), request.body),
      }),
    );

    app.post(
      '/users/deleteaccount',
      {
        ...authed,
        schema: {
          tags: ['requests'],
          security,
          summary: 'Ask the manager to delete the account (the current password or an authenticator code)',
          body: stepUpRequestSchema,
          response: { 200: requestCreatedResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        requestId: await account.requestAccountDeletion(ctx, sessionOf(request), request.body ?? {}),
      }),
    );

    app.post(
      '/users/avatar',
      {
        ...authed,
        bodyLimit: AVATAR_BODY_LIMIT,
        schema: {
          tags: ['profile'],
          security,
          summary: 'Upload the avatar: the image bytes as the body (JPEG or PNG by content, at most 2 MB)',
          consumes: ['image/jpeg', 'image/png'],
          response: { 200: avatarResponseSchema, 413: errorResponseSchema, ...errors },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw badRequest('avatar.type', 'file');
        return { avatar: await account.uploadAvatar(ctx, sessionOf(request), request.body) };
      },
    );

    app.delete(
      '/users/avatar',
      {
        ...authed,
        schema: {
          tags: ['profile'],
          security,
          summary: 'Delete the avatar',
          response: { 200: avatarResponseSchema, ...errors },
        },
      },
      async (request) => {
        await account.deleteAvatar(ctx, sessionOf(request));
        return { avatar: null };
      },
    );

    app.get(
      '/files/avatars/:name',
      {
        schema: {
          tags: ['profile'],
          summary: 'An avatar image',
          params: z.object({ name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
        },
      },
      async (request, reply) => {
        const file = await account.readAvatar(ctx, `avatars/${request.params.name}`);
        if (!file) throw notFound();
        reply.type(file.mimeType).header('cache-control', 'private, max-age=86400, immutable');
        return sendWithRanges(request, reply, file);
      },
    );

    app.get(
      '/locale/get-locales',
      {
        schema: {
          tags: ['locale'],
          summary: 'Languages of the portal',
          response: { 200: localesResponseSchema },
        },
      },
      async () => ({ locales: [...LOCALES] }),
    );

    app.get(
      '/locale/get-user-locale',
      {
        ...authed,
        schema: {
          tags: ['locale'],
          security,
          summary: "The user's language",
          response: { 200: userLocaleResponseSchema, ...errors },
        },
      },
      async (request) => ({ locale: await account.userLocale(ctx, sessionOf(request)) }),
    );

    app.post(
      '/locale/set-user-locale',
      {
        ...authed,
        schema: {
          tags: ['locale'],
          security,
          summary: "Set the user's language (query userLocale: ru or en)",
          querystring: setUserLocaleQuerySchema,
          response: { 200: userLocaleResponseSchema, ...errors },
        },
      },
      async (request) => {
        await account.setUserLocale(ctx, sessionOf(request), request.query.userLocale);
        return { locale: request.query.userLocale };
      },
    );

    app.get(
      '/demo-accounts',
      {
        schema: {
          tags: ['auth'],
          summary: 'Accounts to try on a demo database (empty otherwise)',
          response: { 200: demoAccountsResponseSchema },
        },
      },
      // Issue 15: only where demo data is on (DEMO_DATA, off by default in production) and the database is a demo one.
      async () => ({ accounts: ctx.config.demoData ? await demoAccountsIfSeeded(ctx.database.db) : [] }),
    );
  };
}
