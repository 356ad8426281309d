import { Inject, Injectable } from '@nestjs/common';
import { LIMITS, displayName, type Locale } from '@estancia/contracts';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { mailTemplates, type ComposedMail } from '../../infra/mail/mail-templates';
import { MailService } from '../../infra/mail/mail.service';

interface Recipient {
  email: string;
  name: string;
  language: Locale;
}

/** The account e-mails (verification code, password-reset link), written in the user's language. */
@Injectable()
export class AccountMail {
  constructor(
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async verificationCode(to: Recipient, code: string): Promise<void> {
    await this.sendTo(to, mailTemplates.verification, { code, minutes: LIMITS.verificationCodeTtlMinutes });
  }

  /**
   * Tells a verified account's owner that someone registered with their address (often themselves, having
   * forgotten): the mail a new account's code costs, so a taken e-mail answers in the same time.
   */
  async registrationAttempt(to: Recipient): Promise<void> {
    await this.sendTo(to, mailTemplates.registrationAttempt, { link: `${this.publicUrl()}/login/` });
  }

  /** The link opens the web Login page's reset form (`/login/?resetToken=<rowId>`). */
  async passwordReset(to: Recipient, rowId: string): Promise<void> {
    const link = `${this.publicUrl()}/login/?resetToken=${encodeURIComponent(rowId)}`;
    await this.sendTo(to, mailTemplates.passwordReset, { link, minutes: LIMITS.passwordResetTtlMinutes });
  }

  private publicUrl(): string {
    return this.config.PUBLIC_URL.replace(/\/$/, '');
  }

  /** One account template, in the user's language and greeting them by name. */
  private async sendTo<V>(
    to: Recipient,
    template: (locale: Locale, values: V & { name: string }) => ComposedMail,
    values: V,
  ): Promise<void> {
    await this.mail.sendTemplate(to.email, template(to.language, { ...values, name: displayName(to) }));
  }
}
