import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { JobQueue } from '../queue/job-queue.service';
import type { JobOf } from '../queue/jobs';
import { OnJob } from '../queue/on-job.decorator';
import { MailTransport } from './mail.port';
import { OutboxMessageEntity } from './outbox.entity';

/** Delivers outbox messages; a message is sent at most once however often its job runs. */
@Injectable()
export class MailDelivery implements OnApplicationBootstrap {
  private readonly logger = new Logger('Mail');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transport: MailTransport,
    private readonly jobs: JobQueue,
  ) {}

  @OnJob('mail.send')
  async deliver({ outboxId }: JobOf<'mail.send'>): Promise<void> {
    const failure = await this.dataSource.transaction(async (manager) => {
      // The row lock makes a concurrent run of the same message skip instead of sending again.
      const message = await manager
        .createQueryBuilder(OutboxMessageEntity, 'm')
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .where('m.id = :id', { id: outboxId })
        .getOne();
      if (!message || message.sentAt) return null;
      const attempts = message.attempts + 1;
      try {
        const { to, subject, text, html, template } = message;
        await this.transport.deliver({ to, subject, text, html, template, from: this.config.MAIL_FROM });
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        await manager.update(OutboxMessageEntity, message.id, { attempts, error: text.slice(0, 2000) });
        return error;
      }
      await manager.update(OutboxMessageEntity, message.id, { attempts, error: null, sentAt: new Date() });
      return null;
    });
    // Thrown after the commit, so the error is recorded and BullMQ retries with backoff.
    if (failure) throw failure;
  }

  /** Messages stored while Redis was unreachable, or by a process that stopped, are enqueued again at start. */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.ROLE === 'api') return;
    const stranded: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM outbox WHERE sent_at IS NULL AND attempts < 5 AND created_at > now() - interval '1 day'`,
    );
    for (const { id } of stranded) await this.jobs.add('mail.send', { outboxId: id }, { jobId: id });
    if (stranded.length) this.logger.log(`Re-enqueued ${stranded.length} undelivered e-mail(s)`);
  }
}
