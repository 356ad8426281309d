import { Logger } from '@nestjs/common';
import { MailTransport, type OutgoingMail } from './mail.port';

/** Embedded default: the message stays in the outbox table (shown in the staff console) and is logged. */
export class OutboxTransport extends MailTransport {
  private readonly logger = new Logger('Mail');

  async deliver(mail: OutgoingMail & { from: string }): Promise<void> {
    // Recipient and kind only: subjects and bodies may carry codes and reset links, which belong in the console.
    this.logger.log(
      `Stored in the outbox only (MAIL_TRANSPORT=outbox): ${mail.template} e-mail to ${mail.to}`,
    );
  }
}
