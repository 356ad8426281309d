import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the adapter under test made, with its whole body. */
export interface LoopbackCall {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type LoopbackHandler = (req: IncomingMessage, body: Buffer, res: ServerResponse) => void;

/**
 * A third-party HTTP service on loopback, for the adapters' integration tests: every request is
 * recorded in `calls` once its body is read, then answered by `handler`, which each test sets.
 */
export class LoopbackServer {
  readonly calls: LoopbackCall[] = [];
  handler: LoopbackHandler = (_req, _body, res) => res.writeHead(500).end();
  /** `http://127.0.0.1:<port>` once started. */
  origin = '';
  private server?: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        this.calls.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        this.answer(req, body, res);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.origin;
  }

  async stop(): Promise<void> {
    // Tests leave connections held open on purpose (timeouts); close() alone would wait for them.
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Where a fake that serves some paths itself (downloads, say) steps in before the test's handler. */
  protected answer(req: IncomingMessage, body: Buffer, res: ServerResponse): void {
    this.handler(req, body, res);
  }
}

/** A JSON answer, with any extra headers (Retry-After, say). */
export const json = (
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
) => res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
