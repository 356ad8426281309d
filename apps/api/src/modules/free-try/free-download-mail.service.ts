import { Injectable } from '@nestjs/common';
import { LIMITS, type Locale } from '@estancia/contracts';
import { translate } from '@estancia/i18n';
import { MailService } from '../../infra/mail/mail.service';

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The e-mail with the code for the free HD download, in the visitor's language (there is no account, so no name). */
@Injectable()
export class FreeDownloadMail {
  constructor(private readonly mail: MailService) {}

  async code(email: string, language: Locale, code: string): Promise<void> {
    const vars = { code, minutes: LIMITS.freeTryExpiryMinutes };
    const t = (key: string) => translate(language, 'mail', `freeDownload.${key}`, vars);
    const [greeting, body] = [t('greeting'), t('body')];
    const signature = translate(language, 'mail', 'signature');
    await this.mail.send({
      to: email,
      subject: t('subject'),
      text: `${greeting}\n\n${body}\n\n${signature}`,
      html: [greeting, body, signature].map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
      template: 'freeDownload',
    });
  }
}
