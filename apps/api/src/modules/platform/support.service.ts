import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ErrorCode,
  type ContactRequestBody,
  type ProblemReportBody,
  type SupportReceipt,
} from '@estancia/contracts';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { AppError } from '../../infra/http/app-error';
import { RateLimiter } from '../identity/rate-limiter.service';
import { SupportMail } from './support-mail.service';

/** The customer's side of support: contact-sales requests and problem reports, stored then e-mailed. */
@Injectable()
export class SupportService {
  private readonly logger = new Logger('Support');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limiter: RateLimiter,
    private readonly mail: SupportMail,
  ) {}

  /** Stores the request, e-mails it to sales and confirms it to the sender in their language. */
  async contact(request: ContactRequestBody, ip: string): Promise<SupportReceipt> {
    await this.limiter.hit('contact-ip', ip, this.config.RATE_LIMIT_SUPPORT_PER_IP);
    const [{ id }] = (await this.dataSource.query(
      `INSERT INTO contact_requests
         (name, email, company, services, volumes, wants_meeting, meeting_times, message, language)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        request.name,
        request.email,
        request.company,
        request.services,
        request.volumes,
        request.wantsMeeting,
        // Times typed and then unticked are not a meeting request.
        request.wantsMeeting ? request.meetingTimes : '',
        request.message,
        request.language,
      ],
    )) as { id: string }[];
    const stored = { ...request, meetingTimes: request.wantsMeeting ? request.meetingTimes : '' };
    await this.mail.contactToSales(id, stored);
    await this.mail.contactConfirmation(stored);
    this.logger.log(`Contact request ${id} received`);
    return { id };
  }

  /** Stores the signed-in customer's report and e-mails it to support. */
  async reportProblem(report: ProblemReportBody, userId: string, ip: string): Promise<SupportReceipt> {
    await this.limiter.hit('problem-report-ip', ip, this.config.RATE_LIMIT_SUPPORT_PER_IP);
    const [reporter] = (await this.dataSource.query(`SELECT name, email FROM users WHERE id = $1`, [
      userId,
    ])) as { name: string; email: string }[];
    if (!reporter) throw new AppError(ErrorCode.UNAUTHENTICATED);
    const [{ id }] = (await this.dataSource.query(
      `INSERT INTO problem_reports (user_id, text, page_url, user_agent) VALUES ($1, $2, $3, $4) RETURNING id`,
      [userId, report.text, report.pageUrl, report.userAgent],
    )) as { id: string }[];
    await this.mail.problemToSupport(id, report, reporter);
    this.logger.log(`Problem report ${id} received from ${userId}`);
    return { id };
  }
}
