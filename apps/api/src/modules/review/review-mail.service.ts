import { Inject, Injectable } from '@nestjs/common';
import {
  displayName,
  REVIEW_SLA_WORKING_HOURS,
  REVIEW_AT_RISK_FRACTION,
  type Locale,
} from '@estancia/contracts';
import { translate } from '@estancia/i18n';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { MailService } from '../../infra/mail/mail.service';

interface Recipient {
  email: string;
  name: string;
  language: Locale;
}

type Template = 'reviewDelivered' | 'reviewAtRisk' | 'reviewOverdue';

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The review's e-mails: the customer's result is ready; admins are warned of deadlines at risk. */
@Injectable()
export class ReviewMail {
  constructor(
    private readonly mail: MailService,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Tells the customer, in their language, that the supervised decoration is delivered. */
  async delivered(reviewId: string): Promise<void> {
    const [row] = (await this.dataSource.query(
      `SELECT u.email, u.name, u.language, p.id AS project_id, p.property_name
         FROM reviews r JOIN decorations d ON d.id = r.decoration_id
         JOIN projects p ON p.id = d.project_id JOIN users u ON u.id = d.user_id
        WHERE r.id = $1`,
      [reviewId],
    )) as (Recipient & { project_id: string; property_name: string })[];
    if (!row) return;
    const link = `${this.base()}/project/${row.project_id}`;
    await this.send(row, 'reviewDelivered', { property: row.property_name, link }, link);
  }

  /** Warns every admin once a review is at risk or overdue. */
  async warnAdmins(reviewId: string, level: 'at_risk' | 'overdue'): Promise<void> {
    const [review] = (await this.dataSource.query(
      `SELECT r.deadline_at, p.property_name, u.email AS customer
         FROM reviews r JOIN decorations d ON d.id = r.decoration_id
         JOIN projects p ON p.id = d.project_id JOIN users u ON u.id = d.user_id
        WHERE r.id = $1`,
      [reviewId],
    )) as { deadline_at: Date; property_name: string; customer: string }[];
    if (!review) return;
    const admins = (await this.dataSource.query(
      `SELECT email, name, language FROM users WHERE role = 'admin' ORDER BY created_at`,
    )) as Recipient[];
    const link = `${this.base()}/backoffice/reviews/${reviewId}/show`;
    for (const admin of admins) {
      const deadline = new Intl.DateTimeFormat(admin.language, {
        timeZone: this.config.BUSINESS_TIME_ZONE,
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(review.deadline_at);
      const vars = {
        property: review.property_name,
        customer: review.customer,
        deadline,
        hours: REVIEW_SLA_WORKING_HOURS * REVIEW_AT_RISK_FRACTION,
        link,
      };
      await this.send(admin, level === 'overdue' ? 'reviewOverdue' : 'reviewAtRisk', vars, link);
    }
  }

  private base(): string {
    return this.config.PUBLIC_URL.replace(/\/$/, '');
  }

  private async send(to: Recipient, template: Template, vars: Record<string, string | number>, link: string) {
    const t = (key: string, v: Record<string, string | number> = {}) =>
      translate(to.language, 'mail', key, v);
    const greeting = t('greeting', { name: displayName(to) });
    const body = t(`${template}.body`, vars);
    const signature = t('signature');
    const htmlBody = escapeHtml(body).replace(
      escapeHtml(link),
      `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
    );
    await this.mail.send({
      to: to.email,
      subject: t(`${template}.subject`, vars),
      text: `${greeting}\n\n${body}\n\n${signature}`,
      html: `<p>${escapeHtml(greeting)}</p><p>${htmlBody}</p><p>${escapeHtml(signature)}</p>`,
      template,
    });
  }
}
