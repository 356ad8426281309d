import { describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@estancia/contracts';
import { ApiRequestError, createApiClient } from './api-client';

const reply = (status: number, body: unknown) =>
  vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(body), { status }),
  );

function setup(fetch: ReturnType<typeof reply>, token = 'tok') {
  const onUnauthorized = vi.fn();
  const onMaintenance = vi.fn();
  const client = createApiClient({
    fetch: () => fetch as unknown as typeof globalThis.fetch,
    getToken: () => token,
    getLanguage: () => 'ca',
    onUnauthorized,
    onMaintenance,
  });
  return { client, onUnauthorized, onMaintenance };
}

describe('API client', () => {
  it('sends the stored token as a bearer credential and JSON bodies under /data', async () => {
    const fetch = reply(200, { ok: true });
    const { client } = setup(fetch);
    await expect(client.post('user/login', { login: 'a@b.c' })).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/data/user/login');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer tok', 'Accept-Language': 'ca' });
    expect(init?.body).toBe('{"login":"a@b.c"}');
  });

  it("sends PUT with a JSON body (the editor's autosave)", async () => {
    const fetch = reply(200, { saved: true });
    await expect(setup(fetch).client.put('decoration/d1/edit', { document: {} })).resolves.toEqual({
      saved: true,
    });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/data/decoration/d1/edit');
    expect(init).toMatchObject({ method: 'PUT', body: '{"document":{}}' });
  });

  it('sends no Authorization header without a token', async () => {
    const fetch = reply(200, {});
    await setup(fetch, '').client.get('platform/status');
    expect(fetch.mock.calls[0][1]?.headers).not.toHaveProperty('Authorization');
  });

  it('throws the API error body and clears the session on a 401 with a token', async () => {
    const fetch = reply(401, { code: 'UNAUTHENTICATED', message: 'Session expired' });
    const { client, onUnauthorized } = setup(fetch);
    const error = await client.post('user/profile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).code).toBe(ErrorCode.UNAUTHENTICATED);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('reports a blocked account (a 401 ACCOUNT_BLOCKED with a token) instead of a plain sign-out', async () => {
    const fetch = reply(401, { code: 'ACCOUNT_BLOCKED', message: 'blocked' });
    const onBlocked = vi.fn();
    const onUnauthorized = vi.fn();
    const client = createApiClient({
      fetch: () => fetch as unknown as typeof globalThis.fetch,
      getToken: () => 'tok',
      getLanguage: () => 'es',
      onUnauthorized,
      onBlocked,
      onMaintenance: vi.fn(),
    });
    await expect(client.get('user/profile')).rejects.toMatchObject({ code: ErrorCode.ACCOUNT_BLOCKED });
    expect(onBlocked).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not clear anything on a 401 without a token (wrong credentials at login)', async () => {
    const fetch = reply(401, { code: 'INVALID_CREDENTIALS', message: 'x' });
    const { client, onUnauthorized } = setup(fetch, '');
    await expect(client.post('user/login', {})).rejects.toMatchObject({
      code: ErrorCode.INVALID_CREDENTIALS,
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('keeps flagged fields and reports maintenance mode', async () => {
    const { client, onMaintenance } = setup(reply(503, { code: 'MAINTENANCE_MODE', message: 'x' }));
    await expect(client.get('x')).rejects.toMatchObject({ code: ErrorCode.MAINTENANCE_MODE });
    expect(onMaintenance).toHaveBeenCalled();
    const flagged = setup(
      reply(409, { code: 'EMAIL_ALREADY_EXISTS', message: 'x', fields: { email: 'EMAIL_ALREADY_EXISTS' } }),
    );
    await expect(flagged.client.post('user/register', {})).rejects.toMatchObject({
      body: { fields: { email: 'EMAIL_ALREADY_EXISTS' } },
    });
  });

  it('turns bodies that are not API errors and network failures into INTERNAL', async () => {
    const { client } = setup(vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 })));
    await expect(client.get('x')).rejects.toMatchObject({ status: 502, code: ErrorCode.INTERNAL });
    const offline = setup(
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(offline.client.get('x')).rejects.toMatchObject({ status: 0, code: ErrorCode.INTERNAL });
  });
});
