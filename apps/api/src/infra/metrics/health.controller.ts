import { Controller, Get, Header, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../http/access';
import { MetricsService } from './metrics.service';
import { Readiness, type ReadinessReport } from './readiness.service';

/**
 * Probes and metrics at the root (outside /data): public, never rate limited (the limits count /data only),
 * never request-logged (request-logging.ts logs /data and /api), and reads only, so maintenance mode lets them
 * through. /metrics is for the internal network: the proxy in front does not route it.
 */
@Public()
@Controller()
export class HealthController {
  constructor(
    private readonly readiness: Readiness,
    private readonly metrics: MetricsService,
  ) {}

  /** Answers while the event loop runs; nothing else is checked, so a slow database never restarts us. */
  @Get('health/live')
  @Header('Cache-Control', 'no-store')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('health/ready')
  @Header('Cache-Control', 'no-store')
  async ready(@Res({ passthrough: true }) res: Response): Promise<ReadinessReport> {
    const report = await this.readiness.report();
    res.status(report.status === 'ready' ? 200 : 503);
    return report;
  }

  @Get('metrics')
  async scrape(@Res() res: Response): Promise<void> {
    const text = await this.metrics.text();
    res.setHeader('Cache-Control', 'no-store');
    res.type(this.metrics.contentType).send(text);
  }
}
