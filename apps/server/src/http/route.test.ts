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
    t = await startTestApp({ DEMO_DATA: 'false' });
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

  it('guards a session call before reading its input: 401 without a token', async () => {
    const sessionCalls = definitions.filter(([, route]) => route.access !== 'public');
    for (const [name, route] of sessionCalls) {
      const url = `/api/v1${route.path.replace(/:\w+/g, '1')}`;
      const response = await t.request({ method: route.method, url });
      expect({ name, status: response.statusCode }).toEqual({ name, status: 401 });
    }
  });
});
