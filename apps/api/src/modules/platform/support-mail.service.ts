import { Inject, Injectable } from '@nestjs/common';
import {
  DEFAULT_LOCALE,
  type ContactRequestBody,
  type Locale,
  type ProblemReportBody,
} from '@estancia/contracts';
import { translate } from '@estancia/i18n';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { mailTemplates } from '../../infra/mail/mail-templates';
import { MailService } from '../../infra/mail/mail.service';

/** The team reads these in the source language; the sender's confirmation goes in theirs. */
const TEAM_LOCALE: Locale = DEFAULT_LOCALE;

/** The support e-mails: a contact request to sales and its confirmation, a problem report to support. */
@Injectable()
export class SupportMail {
  constructor(
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async contactToSales(id: string, request: ContactRequestBody): Promise<void> {
    const t = this.t(TEAM_LOCALE);
    const none = t('support.none');
    const lines: [string, string][] = [
      ['name', request.name],
      ['email', request.email],
      ['company', request.company || none],
      ['services', request.services.map((s) => t(`support.services.${s}`)).join(', ')],
      ['volumes', request.volumes.map((v) => t(`support.volumes.${v}`)).join(', ')],
      ['meeting', t(request.wantsMeeting ? 'support.yes' : 'support.no')],
      ['meetingTimes', request.meetingTimes || none],
      ['language', t(`support.languages.${request.language}`)],
      ['message', request.message || none],
    ];
    await this.mail.sendTemplate(
      this.config.SALES_EMAIL,
      mailTemplates.contactSales(TEAM_LOCALE, {
        name: request.name,
        fields: lines,
        link: this.consoleLink('contact-requests', id),
      }),
    );
  }

  async contactConfirmation(request: ContactRequestBody): Promise<void> {
    await this.mail.sendTemplate(
      request.email,
      mailTemplates.contactConfirmation(request.language, {
        name: request.name,
        meetingTimes: request.wantsMeeting ? request.meetingTimes : undefined,
      }),
    );
  }

  async problemToSupport(
    id: string,
    report: ProblemReportBody,
    reporter: { name: string; email: string },
  ): Promise<void> {
    const t = this.t(TEAM_LOCALE);
    const none = t('support.none');
    const lines: [string, string][] = [
      ['reporter', `${reporter.name} <${reporter.email}>`],
      ['page', report.pageUrl || none],
      ['browser', report.userAgent || none],
      ['text', report.text],
    ];
    await this.mail.sendTemplate(
      this.config.SUPPORT_EMAIL,
      mailTemplates.problemReport(TEAM_LOCALE, {
        email: reporter.email,
        fields: lines,
        link: this.consoleLink('problem-reports', id),
      }),
    );
  }

  private consoleLink(resource: string, id: string): string {
    return `${this.config.PUBLIC_URL.replace(/\/$/, '')}/backoffice/${resource}/${id}/show`;
  }

  private t(locale: Locale) {
    return (key: string, vars: Record<string, string | number> = {}) => translate(locale, 'mail', key, vars);
  }
}
