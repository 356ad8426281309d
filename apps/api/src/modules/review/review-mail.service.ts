import { Inject, Injectable } from '@nestjs/common';
import {
  displayName,
  REVIEW_SLA_WORKING_HOURS,
  REVIEW_AT_RISK_FRACTION,
  type Locale,
} from '@estancia/contracts';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { mailTemplates } from '../../infra/mail/mail-templates';
import { MailService } from '../../infra/mail/mail.service';

interface Recipient {
  email: string;
  name: string;
  language: Locale;
}

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
    await this.mail.sendTemplate(
      row.email,
      mailTemplates.reviewDelivered(row.language, {
        name: displayName(row),
        property: row.property_name,
        link,
      }),
    );
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
      const alert = level === 'overdue' ? mailTemplates.reviewOverdue : mailTemplates.reviewAtRisk;
      await this.mail.sendTemplate(
        admin.email,
        alert(admin.language, {
          name: displayName(admin),
          property: review.property_name,
          customer: review.customer,
          deadline,
          hours: REVIEW_SLA_WORKING_HOURS * REVIEW_AT_RISK_FRACTION,
          link,
        }),
      );
    }
  }

  private base(): string {
    return this.config.PUBLIC_URL.replace(/\/$/, '');
  }
}
