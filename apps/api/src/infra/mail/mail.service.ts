import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { JobQueue } from '../queue/job-queue.service';
import type { OutgoingMail } from './mail.port';
import { OutboxMessageEntity } from './outbox.entity';

/** Sends e-mail: the message is stored in the outbox first, then the `mail.send` job delivers it. */
@Injectable()
export class MailService {
  constructor(
    @InjectRepository(OutboxMessageEntity) private readonly outbox: Repository<OutboxMessageEntity>,
    private readonly jobs: JobQueue,
  ) {}

  async send(mail: OutgoingMail): Promise<{ id: string }> {
    const row = await this.outbox.save(
      this.outbox.create({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? '',
        template: mail.template,
        attempts: 0,
      }),
    );
    // The row id as job id: enqueueing the same message twice makes one job.
    await this.jobs.add('mail.send', { outboxId: row.id }, { jobId: row.id });
    return { id: row.id };
  }
}
