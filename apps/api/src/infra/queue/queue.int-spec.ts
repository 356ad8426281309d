import { randomBytes } from 'node:crypto';
import { Injectable, Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import Redis from 'ioredis';
import { loadConfig, type AppConfig } from '../config/config';
import { ConfigModule } from '../config/config.module';
import { JobQueue } from './job-queue.service';
import type { JobOf } from './jobs';
import { OnJob } from './on-job.decorator';
import { QueueModule } from './queue.module';

/** A job handler that records what it ran; fails on demand to prove retries. */
@Injectable()
class ProbeHandler {
  readonly seen: JobOf<'mail.send'>[] = [];
  failuresLeft = 0;

  @OnJob('mail.send')
  async run(data: JobOf<'mail.send'>): Promise<void> {
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      throw new Error('transient');
    }
    this.seen.push(data);
  }
}

@Injectable()
class SecondHandler {
  @OnJob('mail.send')
  async run(): Promise<void> {}
}

/** The product's other jobs need a handler for the boot check to pass; these tests probe mail.send. */
@Injectable()
class OtherJobs {
  @OnJob('decoration.render')
  async render(): Promise<void> {}

  @OnJob('decoration.edit')
  async renderEdit(): Promise<void> {}

  @OnJob('billing.sandbox-renewals')
  async renewSandboxSubscriptions(): Promise<void> {}

  @OnJob('billing.expire-checkouts')
  async expireCheckouts(): Promise<void> {}

  @OnJob('decoration.sla')
  async sweepReviews(): Promise<void> {}

  @OnJob('free-try.render')
  async renderFreeTry(): Promise<void> {}

  @OnJob('free-try.expire')
  async expireFreeTry(): Promise<void> {}

  @OnJob('free-try.sweep')
  async sweepFreeTries(): Promise<void> {}

  @OnJob('free-try.inspiration')
  async drawInspiration(): Promise<void> {}

  @OnJob('description.write')
  async writeDescription(): Promise<void> {}

  @OnJob('password-reset.send')
  async sendPasswordReset(): Promise<void> {}

  @OnJob('verification.resend')
  async resendVerification(): Promise<void> {}

  @OnJob('image.import')
  async importImage(): Promise<void> {}

  @OnJob('webhook.deliver')
  async deliverWebhook(): Promise<void> {}

  @OnJob('decoration.edit-ai-preview')
  async previewAiArea(): Promise<void> {}
}

const until = async (check: () => boolean, ms = 10000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('QueueModule (BullMQ on real Redis)', () => {
  const prefixes: string[] = [];
  const contexts: INestApplicationContext[] = [];

  const boot = async (providers: (new (...args: never[]) => object)[], role: AppConfig['ROLE'] = 'all') => {
    const prefix = `estancia_test_q_${randomBytes(4).toString('hex')}`;
    prefixes.push(prefix);
    const config = loadConfig({
      JWT_SECRET: randomBytes(32).toString('hex'),
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: prefix,
      ROLE: role,
    });
    @Module({ imports: [ConfigModule.forRoot(config), QueueModule], providers: [...providers, OtherJobs] })
    class ProbeModule {}
    const context = await NestFactory.createApplicationContext(ProbeModule, {
      logger: false,
      abortOnError: false,
    });
    contexts.push(context);
    await context.init();
    return context;
  };

  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
  });
  afterAll(async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    for (const prefix of prefixes) {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
    }
    await redis.quit();
  });

  it('runs a job’s handler with its payload', async () => {
    const context = await boot([ProbeHandler]);
    await context.get(JobQueue).add('mail.send', { outboxId: 'message-1' });
    const probe = context.get(ProbeHandler);
    await until(() => probe.seen.length === 1);
    expect(probe.seen).toEqual([{ outboxId: 'message-1' }]);
  });

  it('retries a failed job until it succeeds', async () => {
    const context = await boot([ProbeHandler]);
    const probe = context.get(ProbeHandler);
    probe.failuresLeft = 2;
    await context
      .get(JobQueue)
      .add('mail.send', { outboxId: 'message-2' }, { backoff: { type: 'fixed', delay: 10 } });
    await until(() => probe.seen.length === 1);
    expect(probe.failuresLeft).toBe(0);
  });

  it('does not run jobs in the api role, leaving them for a worker', async () => {
    const context = await boot([ProbeHandler], 'api');
    const queue = context.get(JobQueue);
    await queue.add('mail.send', { outboxId: 'message-3' });
    await new Promise((r) => setTimeout(r, 300));
    expect(context.get(ProbeHandler).seen).toEqual([]);
    expect(await queue.pending('mail.send')).toBe(1);
  });

  it('refuses to boot when a job has no handler', async () => {
    await expect(boot([])).rejects.toThrow(/job "mail.send" has no @OnJob handler/);
  });

  it('refuses to boot when a job has two handlers', async () => {
    await expect(boot([ProbeHandler, SecondHandler])).rejects.toThrow(
      /job "mail.send" has 2 handlers: ProbeHandler.run, SecondHandler.run/,
    );
  });
});
