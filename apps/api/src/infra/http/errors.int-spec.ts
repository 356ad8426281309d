import { startTestApp, type TestApp } from '../../../test/harness';

describe('error responses', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  it('answers an unknown path with { code, message } in the caller language', async () => {
    const en = await fetch(`${t.url}/data/no-such-thing`);
    expect(en.status).toBe(404);
    expect(await en.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'We could not find what you are looking for.',
    });
    const es = await fetch(`${t.url}/data/no-such-thing`, {
      headers: { 'accept-language': 'es-ES,es;q=0.9' },
    });
    expect(((await es.json()) as { message: string }).message).toBe('No hemos encontrado lo que buscas.');
  });

  it('answers a malformed JSON body with VALIDATION_FAILED', async () => {
    const res = await fetch(`${t.url}/data/no-such-thing`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"broken',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
  });
});
