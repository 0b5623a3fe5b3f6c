import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@portal/contract/errors';
import { formatMessage, isMessageKey, type MessageKey, message } from '@portal/contract/messages';
import Fastify, { type FastifyError, type FastifyInstance, LogController } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, isLockTimeout } from './db/unavailable.ts';
import {
  BROTLI_OPTIONS,
  COMPRESS_FROM,
  COMPRESS_IN_ONE_CALL_UP_TO,
  GZIP_OPTIONS,
} from './http/compression.ts';
import { AppError } from './http/errors.ts';
import { requestLocale } from './http/locale.ts';
import { registerMediaAccess } from './http/media-access.ts';
import { registerBodyLimits } from './http/multipart.ts';
import { precompressWeb } from './http/precompressed.ts';
import { REQUEST_ID_HEADER, requestIdOf } from './http/request-id.ts';
import { registerResponseCache } from './http/response-cache.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { databaseInputError, registerSecurityHooks } from './http/security-hooks.ts';
import { responseSerializerCompiler } from './http/serializer.ts';
import { registerSessionAuth } from './http/session-auth.ts';
import { registerUtf8Answers } from './http/utf8-answers.ts';
import { webShell } from './http/web-shell.ts';
import { isDiskFull } from './integrations/disk.ts';
import { type Logger, REDACTED_PATHS } from './logger.ts';
import { registerHttpMetrics, registerMetricsServer } from './metrics.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { backofficeRoutes } from './modules/backoffice/routes.ts';
import { backofficeOutboxRoutes } from './modules/backoffice-outbox/routes.ts';
import { bookingRoutes } from './modules/bookings/routes.ts';
import { backofficeCameraRoutes } from './modules/cameras/backoffice-routes.ts';
import { cameraRoutes } from './modules/cameras/routes.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { categoryRoutes } from './modules/categories/routes.ts';
import { companyRoutes } from './modules/company/routes.ts';
import { controlRoutes } from './modules/control/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { backofficeDocumentRoutes } from './modules/documents/backoffice-routes.ts';
import { documentRoutes } from './modules/documents/routes.ts';
import { backofficeFaqRoutes } from './modules/faq/backoffice-routes.ts';
import { faqRoutes } from './modules/faq/routes.ts';
import { backofficeFinancialReportRoutes } from './modules/financial-report/backoffice-routes.ts';
import { financialReportRoutes } from './modules/financial-report/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { importRoutes } from './modules/import/routes.ts';
import { incomeRoutes } from './modules/income/routes.ts';
import { backofficeInventoryRoutes } from './modules/inventory/backoffice-routes.ts';
import { inventoryRoutes } from './modules/inventory/routes.ts';
import { layoutRoutes } from './modules/layout/routes.ts';
import { backofficeLoanRoutes } from './modules/loans/routes.ts';
import { backofficeLocationDocumentRoutes } from './modules/location-documents/routes.ts';
import { backofficeNewsRoutes } from './modules/news/backoffice-routes.ts';
import { newsRoutes } from './modules/news/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { outcomeRoutes } from './modules/outcome/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { backofficePromoRoutes } from './modules/promo/backoffice-routes.ts';
import { promoRoutes } from './modules/promo/routes.ts';
import { backofficeReportRoutes } from './modules/reports/backoffice-routes.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { requestRoutes } from './modules/requests/routes.ts';
import { staffRoutes } from './modules/staff/routes.ts';
import { timelineRoutes } from './modules/timeline/routes.ts';
import { unitRoutes } from './modules/units/routes.ts';

export type AppOptions = { logger?: Logger | false; serveWeb?: boolean };

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the HTTP application: used by main.ts and by tests (through inject). */
export async function buildApp(ctx: AppContext, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger
      ? { loggerInstance: options.logger }
      : {
          logger: options.logger === false ? false : { level: ctx.config.logLevel, redact: REDACTED_PATHS },
        }),
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: ctx.config.trustProxy,
    return503OnClosing: true,
    // The load balancer's X-Request-Id when it is a sane token, else a new one: in every log line of the request
    // (request.log), in the X-Request-Id answer header and in error answers.
    genReqId: requestIdOf,
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();

  // First of all hooks, so answers that a later hook ends early carry it too.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  registerHttpMetrics(app, ctx.metrics);
  if (ctx.config.metrics) registerMetricsServer(app, ctx.metrics, ctx.config.metrics);

  app.setValidatorCompiler(validatorCompiler);
  // Compiled per route from the contract's schemas; checked against zod's serializer outside production.
  app.setSerializerCompiler(responseSerializerCompiler(ctx.config.env !== 'production'));

  // One JSON line per request, without headers or bodies.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        userId: request.session?.userId,
      },
      'request',
    );
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = requestLocale(request);
    const text = (key: MessageKey, params?: Record<string, string>) =>
      formatMessage(message(key, locale), params);
    const send = (
      status: number,
      code: string,
      key: MessageKey,
      fields?: Record<string, string>,
      params?: Record<string, string>,
    ) =>
      reply.code(status).send({
        error: { code, message: text(key, params), ...(fields ? { fields } : {}), requestId: request.id },
      });

    if (error instanceof AppError) {
      if (error.code === ERROR_CODES.rateLimited) ctx.metrics.rateLimitRefusals.inc();
      if (error.headers) reply.headers(error.headers);
      const fields = error.fields
        ? Object.fromEntries(
            Object.entries(error.fields).map(([field, key]) => [field, text(key, error.params)]),
          )
        : undefined;
      return send(error.status, error.code, error.messageKey, fields, error.params);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        fields[field] ??= message(issueMessageKey(issue.keyword, issue.message ?? ''), locale);
      }
      const first = Object.values(fields)[0] ?? message('validation.invalid', locale);
      return reply
        .code(400)
        .send({ error: { code: ERROR_CODES.validation, message: first, fields, requestId: request.id } });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(400, ERROR_CODES.invalidJson, 'request.invalidJson');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(413, ERROR_CODES.tooLarge, 'request.tooLarge');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(415, ERROR_CODES.unsupportedMediaType, 'request.unsupportedMediaType');
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(error.statusCode, ERROR_CODES.validation, 'request.badRequest');
    }
    // Bad input never answers 500: a malformed percent-encoding, a duplicate key, a value the database
    // cannot hold.
    if ((error as unknown) instanceof URIError)
      return send(400, ERROR_CODES.validation, 'request.badRequest');
    // A full disk (the embedded database's DATA_DIR, PostgreSQL's own, a quota): nothing the user typed, and not
    // a bug; the upload's parts are gone already (the file store deletes them), and it may be sent again once
    // space is freed. Health reports the disk full meanwhile.
    if (isDiskFull(error)) {
      ctx.disk.reportFull();
      request.log.error({ err: error }, 'disk full');
      return send(507, ERROR_CODES.storageFull, 'storage.full');
    }
    const databaseInput = databaseInputError(error);
    if (databaseInput === 'conflict') return send(409, ERROR_CODES.conflict, 'request.duplicate');
    if (databaseInput === 'badInput') {
      request.log.warn({ err: error }, 'database refused a value');
      return send(400, ERROR_CODES.validation, 'request.badRequest');
    }
    // A lock another session holds longer than DB_LOCK_TIMEOUT_SECONDS: this call gives up (its connection goes
    // back to the pool for the others) and may be repeated shortly.
    if (isLockTimeout(error)) {
      request.log.warn({ err: error }, 'lock wait timed out');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return send(503, ERROR_CODES.serviceUnavailable, 'database.busy');
    }
    // A database that restarts, fails over or cannot be reached: the request may be repeated shortly.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return send(503, ERROR_CODES.serviceUnavailable, 'serviceUnavailable');
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, ERROR_CODES.internal, 'internal');
  });

  registerSecurityHeaders(app, {
    // A strict policy for the SPA: scripts and styles only from this origin; the captcha widget's origin is
    // added when captcha is on. Mantine writes style attributes, hence 'unsafe-inline' for styles only.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(ctx.captcha.enabled ? ['https://smartcaptcha.yandexcloud.net'] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // https: a news picture may be a link to the company's site (the console allows https URLs only).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ctx.captcha.enabled ? ['https://smartcaptcha.yandexcloud.net'] : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Media addresses in answers are signed for their session, and a playlist passes its token on to its segments
  // (before compress: a playlist is rewritten before it is compressed). The media guards are on their routes.
  registerMediaAccess(app, ctx);
  // Answers up to 64 KB are compressed in one call, with their length: the plugin's default on two cores streamed
  // those over 8 KB through a compression stream (a context, the thread pool, a chunked answer), which doubled the
  // processor time of a 41 KB bookings grid asked for by a browser. Larger answers and files are still streamed.
  // Brotli or gzip as compression.ts says; not zstd, which browsers ask for first and which took 155 µs for the
  // 3.4 KB unit cards at its default level on a quiet heap, against 20 for brotli at quality 1.
  await app.register(compress, {
    threshold: COMPRESS_FROM,
    syncThreshold: COMPRESS_IN_ONE_CALL_UP_TO,
    encodings: ['br', 'gzip', 'deflate'],
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
  });

  // The API description can be switched off (API_DOCS), and is off by default in production.
  if (ctx.config.apiDocs) await registerApiDocs(app);

  registerSecurityHooks(app);
  registerBodyLimits(app);
  registerSessionAuth(app, ctx);
  registerResponseCache(app, ctx);
  // Last of the app's onSend hooks: those before it read an answer as text, the routes' own (the answer cache,
  // compression) take its bytes.
  registerUtf8Answers(app);

  await app.register(healthRoutes(ctx), { prefix: '/api' });
  await app.register(authRoutes(ctx), { prefix: '/api/v1' });
  await app.register(profileRoutes(ctx), { prefix: '/api/v1' });
  await app.register(layoutRoutes(ctx), { prefix: '/api/v1' });
  await app.register(notificationRoutes(ctx), { prefix: '/api/v1' });
  await app.register(incomeRoutes(ctx), { prefix: '/api/v1' });
  await app.register(outcomeRoutes(ctx), { prefix: '/api/v1' });
  await app.register(dashboardRoutes(ctx), { prefix: '/api/v1' });
  await app.register(bookingRoutes(ctx), { prefix: '/api/v1' });
  await app.register(backofficeRoutes(ctx), { prefix: '/api/v1' });
  await app.register(staffRoutes(ctx), { prefix: '/api/v1' });
  await app.register(importRoutes(ctx), { prefix: '/api/v1' });
  await app.register(controlRoutes(ctx), { prefix: '/api/v1' });
  await app.register(timelineRoutes(ctx), { prefix: '/api/v1' });
  await app.register(reportRoutes(ctx), { prefix: '/api/v1' });
  await app.register(financialReportRoutes(ctx), { prefix: '/api/v1' });
  await app.register(backofficeFinancialReportRoutes(ctx), { prefix: '/api/v1' });
  await app.register(inventoryRoutes(ctx), { prefix: '/api/v1' });
  await app.register(backofficeInventoryRoutes(ctx), { prefix: '/api/v1' });
  await app.register(cameraRoutes(ctx), { prefix: '/api/v1' });
  await app.register(backofficeCameraRoutes(ctx), { prefix: '/api/v1' });
  await app.register(backofficeLocationDocumentRoutes(ctx), { prefix: '/api/v1' });
  await app.register(documentRoutes(ctx), { prefix: '/api/v1' });
  await app.register(backofficeDocumentRoutes(ctx), { prefix: '/api/v1' });
  await app.register(unitRoutes(ctx), { prefix: '/api/v1' });
  await app.register(promoRoutes(ctx), { prefix: '/api/v1' });
  await app.register(faqRoutes(ctx), { prefix: '/api/v1' });
  await app.register(backofficeFaqRoutes(ctx), { prefix: '/api/v1' });
  await app.register(requestRoutes(ctx), { prefix: '/api/v1' });
  await app.register(newsRoutes(ctx), { prefix: '/api/v1' });
  await app.register(backofficeNewsRoutes(ctx), { prefix: '/api/v1' });
  await app.register(backofficeReportRoutes(ctx), { prefix: '/api/v1' });
  await app.register(backofficeOutboxRoutes(ctx), { prefix: '/api/v1' });
  await app.register(backofficePromoRoutes(ctx), { prefix: '/api/v1' });
  await app.register(catalogueRoutes(ctx), { prefix: '/api/v1' });
  await app.register(categoryRoutes(ctx), { prefix: '/api/v1' });
  await app.register(companyRoutes(ctx), { prefix: '/api/v1' });
  await app.register(backofficeLoanRoutes(ctx), { prefix: '/api/v1' });

  const webRoot = ctx.config.webDistDir;
  const serveWeb = (options.serveWeb ?? true) && existsSync(webRoot);
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      // The build's .br/.gz copies (http/precompressed.ts) instead of compressing every request.
      preCompressed: true,
      // Vite names built assets by content hash, so they never change under the same name; everything else,
      // the SPA shell first, is revalidated on every load so a deploy reaches users at once.
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
    if (ctx.config.env !== 'test') {
      app.addHook('onReady', async () => {
        void precompressWeb(webRoot, app.log).then((written) => {
          if (written > 0) app.log.info({ files: written }, 'web client precompressed');
        });
      });
    }
  }
  const sendShell = serveWeb ? webShell(webRoot, ctx.config.portalToday) : undefined;
  // The static wildcard would answer the root as a directory; it is the shell like every client route.
  if (sendShell) app.get('/', { schema: { hide: true } }, sendShell);
  app.setNotFoundHandler((request, reply) => {
    // A missing file (an old chunk after a deploy) is a 404, never the shell: the client then offers a reload.
    const path = request.url.split('?')[0] ?? '';
    const isFile = /\.[a-z0-9]+$/i.test(path);
    if (isApiPath(path) || !sendShell || isFile || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({
        error: {
          code: ERROR_CODES.notFound,
          message: message('notFound', requestLocale(request)),
          requestId: request.id,
        },
      });
    }
    // History fallback: every client route answers the SPA shell.
    return sendShell(request, reply);
  });

  return app;
}

/** Whether an unmatched path is under /api in any spelling (`/%61pi/…`): such a miss is JSON, never the shell. */
function isApiPath(path: string): boolean {
  try {
    return decodeURIComponent(path).startsWith('/api');
  } catch {
    return true;
  }
}

/** The OpenAPI description generated from the contract's schemas, and its page at /api/docs. */
async function registerApiDocs(app: FastifyInstance) {
  // Loaded only where the docs are on (a faster start).
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Investor and lender portal API',
        description:
          'Calls of the web client under /api/v1. Errors answer { error: { code, message, fields?, requestId? } }.',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // The documentation page loads its own inline script and styles.
    staticCSP: true,
    transformStaticCSP: (header) => header,
  });
}

function issueMessageKey(keyword: string, text: string): MessageKey {
  if (isMessageKey(text)) return text;
  if (keyword === 'invalid_type' && text.includes('received undefined')) return 'validation.required';
  if (keyword === 'too_big') return 'validation.tooLong';
  return 'validation.invalid';
}
