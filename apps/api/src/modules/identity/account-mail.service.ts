import { Inject, Injectable } from '@nestjs/common';
import { LIMITS, displayName, type Locale } from '@estancia/contracts';
import { translate } from '@estancia/i18n';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { MailService } from '../../infra/mail/mail.service';

interface Recipient {
  email: string;
  name: string;
  language: Locale;
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The account e-mails (verification code, password-reset link), written in the user's language. */
@Injectable()
export class AccountMail {
  constructor(
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async verificationCode(to: Recipient, code: string): Promise<void> {
    const vars = { code, minutes: LIMITS.verificationCodeTtlMinutes };
    await this.send(to, 'verification', vars);
  }

  /** The link opens the web Login page's reset form (`/login/?resetToken=<rowId>`). */
  async passwordReset(to: Recipient, rowId: string): Promise<void> {
    const link = `${this.config.PUBLIC_URL.replace(/\/$/, '')}/login/?resetToken=${encodeURIComponent(rowId)}`;
    await this.send(to, 'passwordReset', { link, minutes: LIMITS.passwordResetTtlMinutes }, link);
  }

  private async send(
    to: Recipient,
    template: 'verification' | 'passwordReset',
    vars: Record<string, string | number>,
    link?: string,
  ) {
    const t = (key: string, v: Record<string, string | number> = {}) =>
      translate(to.language, 'mail', key, v);
    const greeting = t('greeting', { name: displayName(to) });
    const body = t(`${template}.body`, vars);
    const signature = t('signature');
    const htmlBody = link
      ? escapeHtml(body).replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)
      : escapeHtml(body);
    await this.mail.send({
      to: to.email,
      subject: t(`${template}.subject`, vars),
      text: `${greeting}\n\n${body}\n\n${signature}`,
      html: `<p>${escapeHtml(greeting)}</p><p>${htmlBody}</p><p>${escapeHtml(signature)}</p>`,
      template,
    });
  }
}
