import { Inject, Injectable } from '@nestjs/common';
import { LIMITS, displayName, type Locale } from '@estancia/contracts';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { mailTemplates } from '../../infra/mail/mail-templates';
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
    await this.mail.sendTemplate(
      to.email,
      mailTemplates.verification(to.language, {
        name: displayName(to),
        code,
        minutes: LIMITS.verificationCodeTtlMinutes,
      }),
    );
  }

  /** The link opens the web Login page's reset form (`/login/?resetToken=<rowId>`). */
  async passwordReset(to: Recipient, rowId: string): Promise<void> {
    const link = `${this.config.PUBLIC_URL.replace(/\/$/, '')}/login/?resetToken=${encodeURIComponent(rowId)}`;
    await this.mail.sendTemplate(
      to.email,
      mailTemplates.passwordReset(to.language, {
        name: displayName(to),
        link,
        minutes: LIMITS.passwordResetTtlMinutes,
      }),
    );
  }
}
