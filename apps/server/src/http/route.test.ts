import type { RouteDefinition } from '@portal/contract/route';
import { apiRoutes } from '@portal/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';

const definitions: Array<[string, RouteDefinition]> = Object.entries(apiRoutes).flatMap(([area, calls]) =>
  Object.entries(calls).map(([name, definition]): [string, RouteDefinition] => [
    `${area}.${name}`,
    definition,
  ]),
);

describe('the contract as the routes’ source', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('serves every call the contract defines, at its method and path', () => {
    const missing = definitions
      .filter(([, route]) => !t.app.hasRoute({ method: route.method, url: `/api/v1${route.path}` }))
      .map(([name, route]) => `${name}: ${route.method} ${route.path}`);
    expect(definitions.length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });

  it('names each call once', () => {
    const keys = definitions.map(([, route]) => `${route.method} ${route.path}`);
    expect(keys.length).toBe(new Set(keys).size);
  });

  /** Other spellings of a call's path: the same route percent-encoded, and paths that decode to another route. */
  const spellings = (path: string): string[] => {
    const rest = path.replace(/^\/api\/v1\//, '');
    const encodeFirst = (segment: string) =>
      `%${(segment.codePointAt(0) ?? 0).toString(16).padStart(2, '0')}${segment.slice(1)}`;
    const [first = '', ...others] = rest.split('/');
    return [
      `/api/v1/${[encodeFirst(first), ...others].join('/')}`,
      `/${encodeFirst('api')}/v1/${rest}`,
      `/api/v1//${rest}`,
      `/api//v1/${rest}`,
      `/api/v1/./${rest}`,
      `/api/v1/%2e/${rest}`,
      `/api/v1/x/../${rest}`,
      `/api/v1/x/%2E%2E/${rest}`,
      `/api%2Fv1/${rest}`,
      `/api/v1/${[first, ...others].join('%2F')}`,
    ];
  };
  const filled = (route: RouteDefinition) => `/api/v1${route.path.replace(/:\w+/g, '1')}`;

  it('guards every call that is not public whatever the spelling of its path: 401, 404 or 400, never an answer', async () => {
    const guarded = definitions.filter(([, route]) => route.access !== 'public');
    const answered: string[] = [];
    for (const [name, route] of guarded) {
      for (const url of spellings(filled(route))) {
        const response = await t.request({ method: route.method, url });
        if (![400, 401, 404].includes(response.statusCode)) {
          answered.push(`${name} ${route.method} ${url}: ${response.statusCode}`);
        }
      }
    }
    expect(guarded.length).toBeGreaterThan(100);
    expect(answered).toEqual([]);
  });

  it('keeps every /api answer to a bearer token out of caches, whatever the spelling of its path', async () => {
    const token = await t.signIn('investor@example.com');
    const reads = definitions.filter(([, route]) => route.method === 'GET');
    const stored: string[] = [];
    for (const [name, route] of reads) {
      for (const url of [filled(route), ...spellings(filled(route))]) {
        const response = await t.request({ method: 'GET', url, token });
        if (response.headers['cache-control'] !== 'no-store') {
          stored.push(`${name} ${url}: ${response.statusCode} ${response.headers['cache-control']}`);
        }
      }
    }
    expect(stored).toEqual([]);
  });

  it('guards a session call before reading its input: 401 without a token', async () => {
    const sessionCalls = definitions.filter(([, route]) => route.access !== 'public');
    for (const [name, route] of sessionCalls) {
      const url = `/api/v1${route.path.replace(/:\w+/g, '1')}`;
      const response = await t.request({ method: route.method, url });
      expect({ name, status: response.statusCode }).toEqual({ name, status: 401 });
    }
  });
});
