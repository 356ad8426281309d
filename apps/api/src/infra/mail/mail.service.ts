import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { JobQueue } from '../queue/job-queue.service';
import { MailLayout } from './mail-layout';
import type { ComposedMail } from './mail-templates';
import type { OutgoingMail } from './mail.port';
import { OutboxMessageEntity } from './outbox.entity';
import { subjectParamsToKeep } from './outbox-subject';

/** Sends e-mail: the message is stored in the outbox first, then the `mail.send` job delivers it. */
@Injectable()
export class MailService {
  constructor(
    @InjectRepository(OutboxMessageEntity) private readonly outbox: Repository<OutboxMessageEntity>,
    private readonly jobs: JobQueue,
    private readonly layout: MailLayout,
  ) {}

  /** Sends one of `mailTemplates` to `to`: the branded HTML and its plain-text part, from the same content. */
  async sendTemplate(to: string, mail: ComposedMail): Promise<{ id: string }> {
    const { html, text } = await this.layout.render(mail.content);
    return this.send({
      to,
      subject: mail.subject,
      text,
      html,
      template: mail.template,
      subjectParams: mail.subjectParams,
    });
  }

  async send(mail: OutgoingMail): Promise<{ id: string }> {
    const row = await this.outbox.save(
      this.outbox.create({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? '',
        template: mail.template,
        subjectParams: subjectParamsToKeep(mail.template, mail.subjectParams),
        attempts: 0,
      }),
    );
    // The row id as job id: enqueueing the same message twice makes one job.
    await this.jobs.add('mail.send', { outboxId: row.id }, { jobId: row.id });
    return { id: row.id };
  }
}
