import { Inject, Injectable } from '@nestjs/common';
import {
  DEFAULT_LOCALE,
  type ContactRequestBody,
  type Locale,
  type ProblemReportBody,
} from '@estancia/contracts';
import { translate } from '@estancia/i18n';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { MailService } from '../../infra/mail/mail.service';

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A subject is one line whatever the visitor typed. */
const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

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
    await this.sendToTeam(this.config.SALES_EMAIL, 'contactSales', { name: oneLine(request.name) }, lines, {
      link: this.consoleLink('contact-requests', id),
    });
  }

  async contactConfirmation(request: ContactRequestBody): Promise<void> {
    const t = this.t(request.language);
    const paragraphs = [
      t('greeting', { name: request.name }),
      t('contactConfirmation.body'),
      ...(request.wantsMeeting ? [t('contactConfirmation.meeting', { times: request.meetingTimes })] : []),
      t('signature'),
    ];
    await this.mail.send({
      to: request.email,
      subject: t('contactConfirmation.subject'),
      text: paragraphs.join('\n\n'),
      html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
      template: 'contactConfirmation',
    });
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
    await this.sendToTeam(this.config.SUPPORT_EMAIL, 'problemReport', { email: reporter.email }, lines, {
      link: this.consoleLink('problem-reports', id),
    });
  }

  private async sendToTeam(
    to: string,
    template: 'contactSales' | 'problemReport',
    subjectVars: Record<string, string>,
    lines: [string, string][],
    { link }: { link: string },
  ): Promise<void> {
    const t = this.t(TEAM_LOCALE);
    const intro = t(`${template}.intro`);
    const fields = lines.map(([label, value]) => [t(`support.fields.${label}`), value] as const);
    const open = t('support.openInConsole', { link });
    await this.mail.send({
      to,
      subject: oneLine(t(`${template}.subject`, subjectVars)),
      text: [intro, fields.map(([label, value]) => `${label}: ${value}`).join('\n'), open].join('\n\n'),
      html:
        `<p>${escapeHtml(intro)}</p><dl>` +
        fields
          .map(
            ([label, value]) =>
              `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value).replace(/\n/g, '<br>')}</dd>`,
          )
          .join('') +
        `</dl><p>${escapeHtml(open).replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)}</p>`,
      template,
    });
  }

  private consoleLink(resource: string, id: string): string {
    return `${this.config.PUBLIC_URL.replace(/\/$/, '')}/backoffice/${resource}/${id}/show`;
  }

  private t(locale: Locale) {
    return (key: string, vars: Record<string, string | number> = {}) => translate(locale, 'mail', key, vars);
  }
}
