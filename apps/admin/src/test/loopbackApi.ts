import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Route = (request: RecordedRequest) => Reply;

/** Moves the test page to `url` (happy-dom's own handle; vitest's DOM typings do not declare it). */
export const setPageUrl = (url: string) =>
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);

/**
 * A real HTTP server on loopback answering like the API, so the providers run their real fetch code.
 * The page's URL is moved to its origin, which keeps the console's relative `/data/...` paths unchanged.
 */
export async function startLoopbackApi(routes: Record<string, Route>) {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body,
      };
      requests.push(recorded);
      const path = recorded.url.split('?')[0];
      const route = routes[`${recorded.method} ${path}`];
      const reply: Reply = route
        ? route(recorded)
        : { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
      res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers });
      res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  setPageUrl(`${origin}/backoffice/`);
  return {
    origin,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
