import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signIn, startTestApp, type TestApp } from '../../../test/harness';

describe('HTTP: built apps, SPA fallback, security headers and CORS', () => {
  let dir: string;
  let t: TestApp;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'estancia-dist-'));
    for (const [name, title] of [
      ['web', 'customer app'],
      ['admin', 'staff console'],
    ]) {
      await mkdir(join(dir, name, 'assets'), { recursive: true });
      await writeFile(join(dir, name, 'index.html'), `<!doctype html><title>${title}</title>`);
      await writeFile(join(dir, name, 'assets', 'index-abc123.js'), `console.log('${title}')`);
      await writeFile(join(dir, name, 'assets', 'selection.worker-Ab_1x.js'), 'self.onmessage = null');
    }
    t = await startTestApp({
      WEB_DIST: join(dir, 'web'),
      ADMIN_DIST: join(dir, 'admin'),
      CORS_ORIGINS: 'http://allowed.test, https://also-allowed.test',
      PUBLIC_URL: 'https://estancia.example.test',
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${t.url}${path}`, { headers, redirect: 'manual' });

  it('serves the customer app at / and its index for any app route', async () => {
    for (const path of ['/', '/login/?resetToken=abc', '/projects/42/decorations', '/account']) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<title>customer app</title>');
    }
    const asset = await get('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(await asset.text()).toBe("console.log('customer app')");
  });

  it('serves the staff console at /backoffice/ with its own fallback', async () => {
    const bare = await get('/backoffice');
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/backoffice/');
    for (const path of ['/backoffice/', '/backoffice/users/7/show', '/backoffice/outbox']) {
      expect(await (await get(path)).text()).toContain('<title>staff console</title>');
    }
    expect(await (await get('/backoffice/assets/index-abc123.js')).text()).toBe(
      "console.log('staff console')",
    );
  });

  it('answers a missing fingerprinted asset and unknown API paths with the JSON NOT_FOUND error', async () => {
    for (const path of [
      '/assets/gone-999.js',
      '/backoffice/assets/gone-999.js',
      '/data/unknown/path',
      '/data',
    ]) {
      const res = await get(path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(((await res.json()) as { code: string }).code).toBe('NOT_FOUND');
    }
  });

  it('sends security headers that let the apps, sockets and Google sign-in work', async () => {
    const res = await get('/');
    const csp = res.headers.get('content-security-policy') ?? '';
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('default-src')).toBe("default-src 'self'");
    expect(directive('script-src')).toBe("script-src 'self' https://accounts.google.com");
    expect(directive('style-src')).toContain("'unsafe-inline'");
    expect(directive('img-src')).toBe("img-src 'self' data: blob:");
    // Sockets and fetches go to our own origins only (PUBLIC_URL, CORS_ORIGINS), never to any ws:/wss: host.
    expect(directive('connect-src')).toBe(
      "connect-src 'self' https://estancia.example.test wss://estancia.example.test " +
        'http://allowed.test ws://allowed.test https://also-allowed.test wss://also-allowed.test ' +
        'https://accounts.google.com',
    );
    expect(directive('frame-src')).toContain('https://accounts.google.com');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect((await get('/data/platform/status')).headers.get('content-security-policy')).toBe(csp);
  });

  it("serves the editor's selection worker, and only it, under a policy that lets OpenCV compile", async () => {
    const page = (await get('/')).headers.get('content-security-policy');
    for (const path of [
      '/assets/selection.worker-Ab_1x.js',
      '/backoffice/assets/selection.worker-Ab_1x.js',
    ]) {
      const res = await get(path);
      expect([path, res.status]).toEqual([path, 200]);
      expect(res.headers.get('content-security-policy')).toBe(
        "default-src 'none'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'; connect-src data:",
      );
    }
    for (const path of [
      '/assets/index-abc123.js',
      '/assets/selection.worker-Ab_1x.js.map',
      '/data/platform/status',
    ])
      expect([path, (await get(path)).headers.get('content-security-policy')]).toEqual([path, page]);
    expect(page).not.toContain('unsafe-eval');
  });

  it('allows the configured origins and exposes Content-Range to them', async () => {
    const allowed = await get('/data/platform/status', { origin: 'http://allowed.test' });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://allowed.test');
    expect(allowed.headers.get('access-control-expose-headers')).toBe('Content-Range');
    const preflight = await fetch(`${t.url}/data/admin/outbox`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://also-allowed.test',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://also-allowed.test');
    const foreign = await get('/data/platform/status', { origin: 'http://evil.test' });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('marks account answers and every answer to a credentialed request no-store; media keep their caching', async () => {
    const alice = await signIn(t);
    const cacheOf = async (path: string, headers: Record<string, string> = {}) => {
      const res = await get(path, headers);
      await res.arrayBuffer();
      return [path, res.status, res.headers.get('cache-control')];
    };
    // the caller's own JSON, with their session token
    expect(await cacheOf('/data/wallet', alice.headers)).toEqual(['/data/wallet', 200, 'no-store']);
    expect(await cacheOf('/data/wallet/transactions', alice.headers)).toEqual([
      '/data/wallet/transactions',
      200,
      'no-store',
    ]);
    // refused for want of a credential, or an API key's answer
    expect(await cacheOf('/data/wallet')).toEqual(['/data/wallet', 401, 'no-store']);
    expect(await cacheOf('/api/v1/projects', { authorization: 'Bearer est_not-a-key' })).toEqual([
      '/api/v1/projects',
      401,
      'no-store',
    ]);
    // a JSON list meant to be cached stays cacheable for visitors, never once a token came with the request
    expect(await cacheOf('/data/free-try/inspiration')).toEqual([
      '/data/free-try/inspiration',
      200,
      'public, max-age=3600',
    ]);
    expect(await cacheOf('/data/free-try/inspiration', alice.headers)).toEqual([
      '/data/free-try/inspiration',
      200,
      'no-store',
    ]);
    // pictures and the apps' files keep their own caching, token or not
    const products = (await (await get('/data/catalogue/products')).json()) as { id: string }[];
    const picture = `/data/catalogue/products/${products[0]!.id}/picture.svg`;
    expect(await cacheOf(picture, alice.headers)).toEqual([picture, 200, 'public, max-age=86400']);
    expect(await cacheOf('/assets/index-abc123.js', alice.headers)).toEqual([
      '/assets/index-abc123.js',
      200,
      expect.stringContaining('immutable'),
    ]);
  });

  it('does not serve /metrics on the public port without METRICS_TOKEN', async () => {
    for (const headers of [{}, { authorization: 'Bearer anything' }] as Record<string, string>[]) {
      const res = await get('/metrics', headers);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('estancia_');
    }
  });

  it('refuses a JSON body over the limit with VALIDATION_FAILED', async () => {
    const res = await fetch(`${t.url}/data/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'a@example.test', password: 'x'.repeat(6 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
  });
});

describe('HTTP: apps that were not built', () => {
  let t: TestApp;
  beforeAll(
    async () => (t = await startTestApp({ WEB_DIST: '/nonexistent/web', ADMIN_DIST: '/nonexistent/admin' })),
  );
  afterAll(() => t.close());

  it('answers a page saying to run npm run build, while the API keeps working', async () => {
    for (const path of ['/', '/projects', '/backoffice/']) {
      const res = await fetch(`${t.url}${path}`);
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('npm run build');
    }
    expect((await fetch(`${t.url}/data/platform/status`)).status).toBe(200);
  });
});
