import { Global, Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { Lifecycle } from './lifecycle';
import { Liveness } from './liveness.service';
import { MetricsService } from './metrics.service';
import { QueueDepthGauge } from './queue-depth';
import { Readiness } from './readiness.service';
import { WorkerHttpServer } from './worker-http';

/**
 * Health probes and Prometheus metrics (GET /health/live, /health/ready, /metrics at the root; a worker serves
 * them on WORKER_HTTP_PORT). Global, so the queue, the hub, the engines and the wallet can count into
 * `MetricsService`, and the shutdown path can reach `Lifecycle`.
 */
@Global()
@Module({
  controllers: [HealthController],
  providers: [MetricsService, Lifecycle, Readiness, Liveness, QueueDepthGauge, WorkerHttpServer],
  exports: [MetricsService, Lifecycle, Readiness, Liveness, WorkerHttpServer],
})
export class MetricsModule {}
