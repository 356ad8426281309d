import { Injectable } from '@nestjs/common';
import { LIMITS, type Locale } from '@estancia/contracts';
import { mailTemplates } from '../../infra/mail/mail-templates';
import { MailService } from '../../infra/mail/mail.service';

/** The e-mail with the code for the free HD download, in the visitor's language (there is no account, so no name). */
@Injectable()
export class FreeDownloadMail {
  constructor(private readonly mail: MailService) {}

  async code(email: string, language: Locale, code: string): Promise<void> {
    await this.mail.sendTemplate(
      email,
      mailTemplates.freeDownload(language, { code, minutes: LIMITS.freeTryExpiryMinutes }),
    );
  }
}
