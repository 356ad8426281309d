import { METHODS } from 'node:http';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { ApiRouteCatalogue } from './api-routes';
import type { JsonObject } from './schema-components';
import { validateOpenApi } from './test-openapi-validator';

type Operations = Record<string, JsonObject>;

interface ExpressLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/**
 * `METHOD /api/v1/...` of every handler Express really serves under the public API, in OpenAPI path form.
 * Routes for every method are Nest's middleware (request logging), not handlers: the generator refuses an
 * `@All()` handler anyway.
 */
function mountedApiRoutes(t: TestApp): string[] {
  const express = t.app.getHttpAdapter().getInstance() as { router: { stack: ExpressLayer[] } };
  return express.router.stack.flatMap(({ route }) =>
    route &&
    route.path.startsWith('/api/v1') &&
    !METHODS.every((method) => route.methods[method.toLowerCase()])
      ? Object.keys(route.methods)
          .filter((method) => route.methods[method])
          .map((method) => `${method} ${route.path.replace(/:(\w+)/g, '{$1}')}`)
      : [],
  );
}

describe('OpenAPI document and interactive docs', () => {
  let t: TestApp;
  let document: JsonObject;
  let paths: Record<string, Operations>;

  beforeAll(async () => {
    t = await startTestApp();
    const res = await fetch(`${t.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    document = (await res.json()) as JsonObject;
    paths = document.paths as typeof paths;
  });

  afterAll(() => t?.close());

  it('is a valid OpenAPI 3.1 document for a standard validator', async () => {
    const result = await validateOpenApi(document);
    expect(result.errors).toBeUndefined();
    expect(result).toMatchObject({ valid: true, version: '3.1' });
    expect(document).toMatchObject({
      openapi: expect.stringMatching(/^3\.1\./),
      info: { title: 'Estancia API', version: '1' },
    });
  });

  it('documents every route Nest mounted under /api/v1, and only those', () => {
    const excluded = t.app
      .get(ApiRouteCatalogue)
      .collect()
      .excluded.map((route) => `${route.method} ${route.route.replace(/:(\w+)/g, '{$1}')}`);
    const mounted = mountedApiRoutes(t).filter((route) => !excluded.includes(route));
    const documented = Object.entries(paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method} ${path}`),
    );
    expect(mounted.length).toBeGreaterThan(0);
    expect(documented.sort()).toEqual([...new Set(mounted)].sort());
  });

  it('answers each documented operation with the documented 401 when the key is missing', async () => {
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const url = t.url + path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
        const res = await fetch(url, { method: method.toUpperCase() });
        expect({
          route: `${method} ${path}`,
          status: res.status,
          code: ((await res.json()) as JsonObject).code,
        }).toEqual({
          route: `${method} ${path}`,
          status: 401,
          code: 'API_KEY_INVALID',
        });
        expect(operation.responses).toHaveProperty('401');
      }
    }
  });

  it('offers the Idempotency-Key header on every POST', () => {
    const posts = Object.values(paths).flatMap((operations) => (operations.post ? [operations.post] : []));
    expect(posts.length).toBeGreaterThan(0);
    for (const post of posts)
      expect(post.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    expect(document.components).toMatchObject({
      parameters: { IdempotencyKey: { name: 'Idempotency-Key', in: 'header', required: false } },
    });
  });

  it('serves Swagger UI from local files, framable by the app itself only', async () => {
    const page = await fetch(`${t.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'self'");
    // The page runs under the app's policy: its own scripts only, none inline.
    expect(csp.split(';').find((directive) => directive.startsWith('script-src'))).not.toContain(
      'unsafe-inline',
    );
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const html = await page.text();
    expect(html).not.toMatch(/<script>/); // no inline script: the policy would block it
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets).toEqual(
      expect.arrayContaining(['/api/docs/swagger-ui-bundle.js', '/api/docs/swagger-ui.css']),
    );
    for (const asset of assets) {
      expect(asset).toMatch(/^\/api\/docs\//); // nothing from another host
      const res = await fetch(t.url + asset);
      expect({ asset, status: res.status }).toEqual({ asset, status: 200 });
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    const script = await (await fetch(`${t.url}/api/docs/docs.js`)).text();
    expect(script).toContain('"/api/openapi.json"');
    expect((await fetch(`${t.url}/api/docs/package.json`)).status).toBe(404);
    expect((await fetch(`${t.url}/api/docs/..%2Fpackage.json`)).status).toBe(404);
  });
});
