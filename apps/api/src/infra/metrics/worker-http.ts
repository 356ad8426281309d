import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Liveness } from './liveness.service';
import { MetricsService } from './metrics.service';
import { Readiness } from './readiness.service';

/**
 * A worker's own small HTTP server (WORKER_HTTP_PORT) with the api's probes and metrics: GET /health/live,
 * /health/ready and /metrics. Plain node:http, as a worker has no Express. Closed last on shutdown, so the
 * probe reports `draining` while running jobs finish.
 */
@Injectable()
export class WorkerHttpServer implements OnApplicationShutdown {
  private readonly logger = new Logger('WorkerHttp');
  private server: Server | null = null;

  constructor(
    private readonly readiness: Readiness,
    private readonly metrics: MetricsService,
    private readonly liveness: Liveness,
  ) {}

  async listen(port: number, host: string): Promise<AddressInfo> {
    const server = createServer((req, res) => {
      this.answer(req, res).catch((error: unknown) => {
        this.logger.error(`${req.url ?? ''}: ${error instanceof Error ? error.message : String(error)}`);
        if (!res.headersSent) send(res, 500, 'application/json', JSON.stringify({ status: 'error' }));
        else res.destroy();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    return server.address() as AddressInfo;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Probes are short; a kept-alive scraper connection must not hold the exit.
    server.closeAllConnections();
    await closed;
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(res, 405, 'text/plain', 'Method Not Allowed');
    if (path === '/health/live') {
      // The same answers as the api's HealthController.live.
      const report = this.liveness.report();
      const body = report.status === 'ok' ? { status: 'ok' } : report;
      return send(res, report.status === 'ok' ? 200 : 503, 'application/json', JSON.stringify(body));
    }
    if (path === '/health/ready') {
      const report = await this.readiness.report();
      return send(res, report.status === 'ready' ? 200 : 503, 'application/json', JSON.stringify(report));
    }
    if (path === '/metrics') return send(res, 200, this.metrics.contentType, await this.metrics.text());
    send(res, 404, 'text/plain', 'Not Found');
  }
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, {
    'Content-Type': type.includes('charset') ? type : `${type}; charset=utf-8`,
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}
