import type { z } from 'zod';

/**
 * One call of /api/v1 as both sides know it: the server registers its route from this definition
 * (apps/server/src/http/route.ts) and the web client calls it by `'METHOD /path'`, typed from it
 * (apps/web/src/shared/api/client.ts). Each area's definitions sit beside its schemas; `routes.ts` lists them all.
 */
export type RouteDefinition = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Under /api/v1, in Fastify's syntax (`/backoffice/owners/:id`), the spec's path where the spec has one. */
  path: `/${string}`;
  summary: string;
  /** OpenAPI tags, the area first. */
  tags: readonly string[];
  /**
   * Who may call: anyone (`public`), a signed-in user (`session`: 401 without), or staff (`staff`: a manager or an
   * admin; others get 403 before the body is read). Media that players fetch without a header take a signed URL
   * (`?st=`, bound to the session that received it) in place of the bearer header: `camera-media` (a camera's
   * stream or view: a session with access to the camera's location) and `report-media` (the interim financial
   * report's files: any session). The server applies the guard to the route the router matched, whatever the path's
   * spelling.
   */
  access: 'public' | 'session' | 'staff' | 'camera-media' | 'report-media';
  /**
   * A signed-in read whose answer depends only on the session, the URL and the database: the server may answer it
   * from its answer cache (apps/server/src/http/response-cache.ts). Such a read may read the tables that hold one
   * user's rows each (its TABLES_BY_USER) only for the signed-in user.
   */
  cache?: boolean;
  /**
   * What a signed URL of this media opens: its own file (the default), or every file below its directory
   * (`directory`: a playlist's segments are fetched under its token).
   */
  signedScope?: 'file' | 'directory';
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body. An upload names what it `consumes` instead (multipart) and its route reads the body itself. */
  body?: z.ZodType;
  consumes?: readonly string[];
  /** The 200 answer: its JSON schema, or `'file'` for a download (a file body with its Content-Disposition). */
  response: z.ZodType | 'file';
  /** The types a download answers with. */
  produces?: readonly string[];
  /**
   * The error statuses this call answers besides 400 (and 401/403 implied by `access`), for the API docs; 401 only
   * for a public call that answers it itself (a failed sign-in).
   */
  errors?: readonly (401 | 404 | 409 | 413 | 415 | 429 | 502 | 503)[];
};

/** Checks a definition's shape and keeps its literal types (method, path, schemas) for both sides. */
export const defineRoute = <const D extends RouteDefinition>(definition: D): D => definition;

/** `'GET /investor-income'`: how the web client names a call. */
export type RouteKey<D extends RouteDefinition> = `${D['method']} ${D['path']}`;

type Part<S, Name extends string> = S extends z.ZodType
  ? undefined extends z.input<S>
    ? { [K in Name]?: z.input<S> }
    : { [K in Name]: z.input<S> }
  : { [K in Name]?: never };

/** What a client passes: the path parameters, the query and the JSON body, each where the call has one. */
export type RouteInput<D extends RouteDefinition> = Part<D['params'], 'params'> &
  Part<D['query'], 'query'> &
  Part<D['body'], 'body'>;

/** The JSON a client receives (the server serializes the schema's output). */
export type RouteOutput<D extends RouteDefinition> = D['response'] extends z.ZodType
  ? z.output<D['response']>
  : never;
