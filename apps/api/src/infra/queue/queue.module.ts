import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { JobQueue } from './job-queue.service';
import { JobWorkers } from './job-workers.service';

/** Background jobs on BullMQ: `JobQueue.add()` enqueues, `@OnJob` methods run them. */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [JobQueue, JobWorkers],
  exports: [JobQueue],
})
export class QueueModule {}
