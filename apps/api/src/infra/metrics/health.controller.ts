import { timingSafeEqual } from 'node:crypto';
import { Controller, Get, Header, Inject, Req, Res } from '@nestjs/common';
import { ErrorCode } from '@estancia/contracts';
import type { Request, Response } from 'express';
import { bearerToken } from '../../modules/identity/request-context';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { Public } from '../http/access';
import { AppError } from '../http/app-error';
import { Liveness, type LivenessReport } from './liveness.service';
import { MetricsService } from './metrics.service';
import { Readiness, type ReadinessReport } from './readiness.service';

/**
 * Probes and metrics at the root (outside /data): public, never rate limited (the limits count /data only),
 * never request-logged (request-logging.ts logs /data and /api), and reads only, so maintenance mode lets them
 * through. The api's port is public with `npm start`, so /metrics answers there only with METRICS_TOKEN as
 * bearer (and not at all without one); the proxy in front of a cluster does not route it either.
 */
@Public()
@Controller()
export class HealthController {
  constructor(
    private readonly readiness: Readiness,
    private readonly metrics: MetricsService,
    private readonly liveness: Liveness,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * 503 only for what a restart cures (a stalled event loop, a jammed connection pool; see Liveness): a slow
   * or unreachable database is readiness' concern and never restarts us.
   */
  @Get('health/live')
  @Header('Cache-Control', 'no-store')
  live(@Res({ passthrough: true }) res: Response): LivenessReport | { status: 'ok' } {
    const report = this.liveness.report();
    if (report.status === 'ok') return { status: 'ok' };
    res.status(503);
    return report;
  }

  @Get('health/ready')
  @Header('Cache-Control', 'no-store')
  async ready(@Res({ passthrough: true }) res: Response): Promise<ReadinessReport> {
    const report = await this.readiness.report();
    res.status(report.status === 'ready' ? 200 : 503);
    return report;
  }

  @Get('metrics')
  async scrape(@Req() req: Request, @Res() res: Response): Promise<void> {
    const expected = this.config.METRICS_TOKEN;
    if (!expected) throw new AppError(ErrorCode.NOT_FOUND);
    if (!sameSecret(bearerToken(req), expected)) throw new AppError(ErrorCode.UNAUTHENTICATED);
    const text = await this.metrics.text();
    res.setHeader('Cache-Control', 'no-store');
    res.type(this.metrics.contentType).send(text);
  }
}

function sameSecret(given: string | null, expected: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
