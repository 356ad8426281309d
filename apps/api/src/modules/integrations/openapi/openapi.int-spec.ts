import { METHODS } from 'node:http';
import { translate } from '@estancia/i18n';
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

  it('documents JPEG and PNG downloads, and the 500 and 503 answers of every operation', () => {
    const download = paths['/api/v1/decorations/{id}/download']!.get!;
    expect(
      Object.keys((download.responses as Record<string, JsonObject>)[200]!.content as JsonObject),
    ).toEqual(['image/jpeg', 'image/png']);
    for (const [path, operations] of Object.entries(paths))
      for (const [method, operation] of Object.entries(operations)) {
        const responses = operation.responses as Record<string, JsonObject>;
        expect({
          at: `${method} ${path}`,
          has: [responses[500]?.description, responses[503]?.description],
        }).toEqual({
          at: `${method} ${path}`,
          has: [expect.stringContaining('INTERNAL'), expect.stringContaining('SERVICE_UNAVAILABLE')],
        });
        if (method !== 'get') expect(responses[503]!.description).toContain('MAINTENANCE_MODE');
      }
  });

  it('says in es, ca and en what each operation does, by ?lang= or Accept-Language', async () => {
    const prose = (doc: JsonObject) =>
      Object.entries(doc.paths as Record<string, Operations>).flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, op]) => ({
          at: `${method} ${path}`,
          summary: op.summary as string,
          description: (op.description as string | undefined) ?? null,
        })),
      );
    const english = prose(document);
    expect(english.find((op) => op.at === 'post /api/v1/projects')!.summary).toBe('Create a project');
    const read = async (query: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${t.url}/api/openapi.json${query}`, { headers });
      return { language: res.headers.get('content-language'), doc: (await res.json()) as JsonObject };
    };
    const spanish = await read('?lang=es');
    const catalan = await read('', { 'accept-language': 'ca-ES,ca;q=0.9,en;q=0.5' });
    expect([spanish.language, catalan.language]).toEqual(['es', 'ca']);
    expect(prose(spanish.doc).find((op) => op.at === 'post /api/v1/projects')!.summary).toBe(
      'Crear un proyecto',
    );
    expect(prose(catalan.doc).find((op) => op.at === 'post /api/v1/projects')!.summary).toBe(
      'Crear un projecte',
    );
    for (const translated of [prose(spanish.doc), prose(catalan.doc)])
      for (const [i, op] of translated.entries()) {
        const source = english[i]!;
        expect(op.at).toBe(source.at);
        // every summary and description is written in the language, none left in English
        expect({ at: op.at, same: op.summary === source.summary }).toEqual({ at: op.at, same: false });
        if (source.description)
          expect({ at: op.at, same: op.description === source.description }).toEqual({
            at: op.at,
            same: false,
          });
      }
    // error messages and the introduction follow too
    const createEs = (spanish.doc.paths as Record<string, Operations>)['/api/v1/projects']!.post!;
    expect((createEs.responses as Record<string, JsonObject>)[401]!.description).toContain(
      translate('es', 'errors', 'API_KEY_INVALID'),
    );
    expect((spanish.doc.info as JsonObject).description).toContain('## Autenticación');

    const page = await fetch(`${t.url}/api/docs?lang=ca`);
    const html = await page.text();
    expect(html).toContain('<html lang="ca">');
    expect(html).toContain('data-openapi-url="/api/openapi.json?lang=ca"');
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
