import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DescriptionFacts } from '@estancia/contracts';
import { LoopbackServer } from '../../../../test/loopback-server';
import {
  ChatCompletionsDescriptionWriter,
  type ChatCompletionsWriterOptions,
} from './chat-completions-description.writer';
import { DescriptionFailedError, DescriptionTimeoutError } from './description-writer.port';

const completion = (res: ServerResponse, content: unknown, status = 200) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(
    JSON.stringify({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      model: 'test-model',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    }),
  );

const FACTS: DescriptionFacts = {
  language: 'cat',
  location: 'Gràcia, Barcelona',
  squareMeters: 85,
  bedrooms: 3,
  bathrooms: 2,
  propertyType: 'penthouse',
  features: ['terrace', 'elevator'],
};

describe('ChatCompletionsDescriptionWriter against a chat-completions service on loopback', () => {
  // An OpenAI-compatible chat-completions service; each test sets how it answers.
  const service = new LoopbackServer();
  let url: string;
  const writer = (overrides: Partial<ChatCompletionsWriterOptions> = {}) =>
    new ChatCompletionsDescriptionWriter({
      url,
      model: 'test-model',
      apiKey: 'sk-test',
      timeoutSeconds: 5,
      retries: 2,
      backoffMs: 20,
      ...overrides,
    });

  beforeAll(async () => {
    url = `${await service.start()}/v1`;
  });
  afterAll(() => service.stop());
  beforeEach(() => {
    service.calls.length = 0;
  });

  it('posts the model, the facts and the seed with the bearer key, and returns the answer’s text', async () => {
    service.handler = (_req, _body, res) => completion(res, '  Àtic de 85 m² a Gràcia amb terrassa.  ');
    const text = await writer().write({ facts: FACTS, seed: 42 });
    expect(text).toBe('Àtic de 85 m² a Gràcia amb terrassa.');

    expect(service.calls).toHaveLength(1);
    const [call] = service.calls;
    expect([call!.method, call!.url]).toEqual(['POST', '/v1/chat/completions']);
    expect(call!.headers.authorization).toBe('Bearer sk-test');
    const sent = JSON.parse(call!.body.toString()) as {
      model: string;
      seed: number;
      messages: { role: string; content: string }[];
    };
    expect(sent.model).toBe('test-model');
    expect(sent.seed).toBe(42);
    expect(sent.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(sent.messages[0]!.content).toMatch(/Catalan/);
    expect(sent.messages[0]!.content).toMatch(/never add/);
    const user = sent.messages[1]!.content;
    for (const fact of [
      'penthouse',
      'Gràcia, Barcelona',
      '85',
      'Bedrooms: 3',
      'Bathrooms: 2',
      'terrace',
      'elevator',
    ])
      expect(user).toContain(fact);
    expect(user).not.toMatch(/pool|garden|balcony/);
  });

  it('sends no authorization header without an API key', async () => {
    service.handler = (_req, _body, res) => completion(res, 'Text');
    await writer({ apiKey: undefined }).write({ facts: FACTS, seed: 1 });
    expect(service.calls[0]!.headers.authorization).toBeUndefined();
  });

  it('retries after a 503 and a 429, then succeeds', async () => {
    let attempts = 0;
    service.handler = (_req, _body, res) => {
      attempts++;
      if (attempts === 1) return res.writeHead(503).end('restarting');
      if (attempts === 2) return res.writeHead(429).end('slow down');
      completion(res, 'Third time');
    };
    expect(await writer().write({ facts: FACTS, seed: 1 })).toBe('Third time');
    expect(attempts).toBe(3);
  });

  it('gives up with DescriptionFailedError after LLM_RETRIES retries of 5xx answers', async () => {
    service.handler = (_req, _body, res) => res.writeHead(502).end();
    await expect(writer({ retries: 2 }).write({ facts: FACTS, seed: 1 })).rejects.toBeInstanceOf(
      DescriptionFailedError,
    );
    expect(service.calls).toHaveLength(3);
  });

  it('fails at once on a 4xx refusal', async () => {
    service.handler = (_req, _body, res) =>
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"message":"bad key"}}');
    await expect(writer().write({ facts: FACTS, seed: 1 })).rejects.toThrow(/refused the request \(401\)/);
    expect(service.calls).toHaveLength(1);
  });

  it('fails on an answer without text', async () => {
    service.handler = (_req, _body, res) => completion(res, '   ');
    await expect(writer().write({ facts: FACTS, seed: 1 })).rejects.toBeInstanceOf(DescriptionFailedError);
  });

  it('retries a network error (nothing listening) and then fails', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(
      writer({ url: deadUrl, retries: 1 }).write({ facts: FACTS, seed: 1 }),
    ).rejects.toBeInstanceOf(DescriptionFailedError);
  });

  it('times out (LLM_TIMEOUT_SECONDS) when the answer never comes', async () => {
    service.handler = () => undefined; // holds the connection open
    const started = Date.now();
    await expect(writer({ timeoutSeconds: 1 }).write({ facts: FACTS, seed: 1 })).rejects.toBeInstanceOf(
      DescriptionTimeoutError,
    );
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("stops with DescriptionTimeoutError when the caller's signal aborts", async () => {
    service.handler = () => undefined;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(
      writer({ timeoutSeconds: 30 }).write({ facts: FACTS, seed: 1 }, { signal: controller.signal }),
    ).rejects.toBeInstanceOf(DescriptionTimeoutError);
  });
});
