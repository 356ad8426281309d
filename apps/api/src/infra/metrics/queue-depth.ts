import { Injectable, type OnModuleInit } from '@nestjs/common';
import { JobQueue } from '../queue/job-queue.service';
import { JOB_NAMES } from '../queue/jobs';
import { MetricsService, type QueueDepth } from './metrics.service';

/** A scrape waits this long for Redis; an outage leaves the queue gauge empty rather than hanging the scrape. */
const QUEUE_READ_TIMEOUT_MS = 1500;

/** Feeds estancia_queue_jobs from BullMQ's counts of every queue, read at each scrape. */
@Injectable()
export class QueueDepthGauge implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly metrics: MetricsService,
  ) {}

  onModuleInit(): void {
    this.metrics.readQueuesWith(() => this.read());
  }

  async read(): Promise<QueueDepth | null> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), QUEUE_READ_TIMEOUT_MS);
    });
    const counts = Promise.all(
      JOB_NAMES.map(async (queue) => ({ queue, counts: await this.jobs.counts(queue) })),
    ).catch(() => null);
    try {
      return await Promise.race([counts, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
