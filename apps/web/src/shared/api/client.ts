import type { RouteDefinition, RouteInput, RouteOutput } from '@portal/contract/route';
import type { ApiKey, ApiRouteOf } from '@portal/contract/routes';
import i18n from 'i18next';
import { storage } from '../storage';
import { takeEarlyCall } from './early-calls';

/** An error answer of the API: its message is already in the user's language. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

type RequestOptions = {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  raw?: BodyInit;
  contentType?: string;
};

/** Called on a 401 outside sign-in: the stored token is dropped and the page reloads (spec: States and transitions). */
function onUnauthorized() {
  storage.clear();
  window.location.reload();
}

/** `path?query`, the query's undefined values left out. */
function withQuery(path: string, query?: RequestOptions['query']) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) search.set(key, String(value));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

function url(path: string, query?: RequestOptions['query']) {
  return `/api/v1/${withQuery(path, query)}`;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {};
  const token = storage.token();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.raw !== undefined) {
    body = options.raw;
    if (options.contentType) headers['content-type'] = options.contentType;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const method = options.method ?? (body ? 'POST' : 'GET');
  const address = url(path, options.query);
  const asked = () => fetch(address, { method, headers, body });
  // The shell may have started this read already (early-calls.ts); if that failed, it is asked again here.
  const early = method === 'GET' && token ? takeEarlyCall(address) : undefined;
  const response = early ? await early.catch(asked) : await asked();
  if (response.status === 401 && token && path !== 'authenticate') onUnauthorized();
  return response;
}

type ErrorBody = { error?: { code?: string; message?: string; fields?: Record<string, string> } };

/**
 * The ApiError of a failed answer's body text: the server's code, message (in the user's language) and fields.
 * `logged`: the caller has written the status to the log already.
 */
function failureOf(status: number, text: string, logged = false): ApiError {
  try {
    const body = JSON.parse(text) as ErrorBody;
    return new ApiError(
      status,
      body.error?.code ?? 'unknown',
      body.error?.message ?? i18n.t('common.actionFailed'),
      body.error?.fields,
    );
  } catch {
    // Not the API's JSON (a proxy's error page): a message the user can read, the status for the log.
    if (!logged) console.error(`Status code: ${status}`);
    return new ApiError(status, 'unknown', i18n.t('common.actionFailed'));
  }
}

async function failure(response: Response, logged = false): Promise<ApiError> {
  return failureOf(response.status, await response.text().catch(() => ''), logged);
}

const networkError = () => new ApiError(0, 'network', i18n.t('common.networkError'));

/** A JSON call of /api/v1; failures throw ApiError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await send(path, options);
  } catch {
    throw networkError();
  }
  if (!response.ok) throw await failure(response);
  return (await response.json()) as T;
}

/**
 * Downloads a file answer under the name of its Content-Disposition. Failures go the way of api(): an ApiError with
 * the server's message (a 401 outside sign-in drops the session), and the spec's 'Status code: n' in the log.
 */
export async function download(path: string, query?: RequestOptions['query']): Promise<void> {
  let response: Response;
  try {
    response = await send(path, { query });
  } catch {
    throw networkError();
  }
  if (!response.ok) {
    console.error(`Status code: ${response.status}`);
    throw await failure(response, true);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const plain = /filename="([^"]+)"/.exec(disposition)?.[1];
  const name = encoded ? decodeURIComponent(encoded) : (plain ?? 'download');
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

/**
 * POSTs a file body through XMLHttpRequest, which reports upload progress (fetch does not); the answer is the JSON
 * body. Failures go the way of api(): an ApiError with the server's message in the user's language, and a 401
 * outside sign-in drops the session.
 */
export function uploadWithProgress<T>(
  path: string,
  body: XMLHttpRequestBodyInit,
  onProgress: (percent: number) => void,
  headers: Record<string, string> = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/v1/${path}`);
    const token = storage.token();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      if (request.status === 200) {
        try {
          resolve(JSON.parse(request.responseText) as T);
        } catch {
          resolve({} as T);
        }
        return;
      }
      if (request.status === 401 && token) onUnauthorized();
      reject(failureOf(request.status, request.responseText));
    };
    request.onerror = () => reject(networkError());
    request.send(body);
  });
}

/** The keys of the contract's calls whose answer is JSON, a file, or that take an upload. */
type JsonKey = {
  [K in ApiKey]: ApiRouteOf<K> extends { response: 'file' } | { consumes: readonly string[] } ? never : K;
}[ApiKey];
type FileKey = { [K in ApiKey]: ApiRouteOf<K> extends { response: 'file' } ? K : never }[ApiKey];
type UploadKey = { [K in ApiKey]: ApiRouteOf<K> extends { consumes: readonly string[] } ? K : never }[ApiKey];

/** The input argument of a call: optional where the call needs no parameters, query or body. */
type InputArgs<D extends RouteDefinition> =
  Record<string, never> extends RouteInput<D> ? [input?: RouteInput<D>] : [input: RouteInput<D>];

type Target = { method: string; path: string };

/** `'GET /backoffice/owners/:id'` with `{ id: 7 }` → GET backoffice/owners/7 (path parameters encoded). */
export function targetOf(key: string, params: Record<string, unknown> = {}): Target {
  const space = key.indexOf(' ');
  const path = key
    .slice(space + 2)
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
  return { method: key.slice(0, space), path };
}

/** In development an answer that does not match the contract is reported in the console, naming the call. */
async function checkAnswer(key: string, body: unknown) {
  const { apiRoutes } = await import('@portal/contract/routes');
  const definitions: RouteDefinition[] = Object.values(apiRoutes).flatMap((area) => Object.values(area));
  const definition = definitions.find((route) => `${route.method} ${route.path}` === key);
  if (!definition || definition.response === 'file') return;
  const checked = definition.response.safeParse(body);
  if (!checked.success) console.error(`${key}: the answer does not match the contract`, checked.error.issues);
}

type Loose = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };

function queryOf(query: Record<string, unknown> | undefined): RequestOptions['query'] {
  if (!query) return undefined;
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => [name, value === undefined ? undefined : String(value)]),
  );
}

/**
 * A call of the contract by its key, typed from its definition: `call('GET /investor-income', { query })`.
 * Failures throw ApiError like api().
 */
export async function call<K extends JsonKey>(
  key: K,
  ...[input]: InputArgs<ApiRouteOf<K>>
): Promise<RouteOutput<ApiRouteOf<K>>> {
  const loose = (input ?? {}) as Loose;
  const { method, path } = targetOf(key, loose.params);
  const answer = await api<RouteOutput<ApiRouteOf<K>>>(path, {
    method,
    query: queryOf(loose.query),
    ...(loose.body !== undefined ? { body: loose.body } : {}),
  });
  if (import.meta.env.DEV) void checkAnswer(key, answer);
  return answer;
}

/** Downloads a file call of the contract (see download()). */
export function downloadFile<K extends FileKey>(key: K, ...[input]: InputArgs<ApiRouteOf<K>>): Promise<void> {
  const loose = (input ?? {}) as Loose;
  return download(targetOf(key, loose.params).path, queryOf(loose.query));
}

/** Uploads to a call of the contract with progress (see uploadWithProgress()), with the call's query if it has one. */
export function upload<K extends UploadKey>(
  key: K,
  params: RouteInput<ApiRouteOf<K>>['params'],
  body: XMLHttpRequestBodyInit,
  onProgress: (percent: number) => void,
  headers: Record<string, string> = {},
  query?: RouteInput<ApiRouteOf<K>>['query'],
): Promise<RouteOutput<ApiRouteOf<K>>> {
  const target = targetOf(key, (params ?? {}) as Record<string, unknown>);
  const path = withQuery(target.path, queryOf(query as Record<string, unknown> | undefined));
  return uploadWithProgress(path, body, onProgress, headers);
}
