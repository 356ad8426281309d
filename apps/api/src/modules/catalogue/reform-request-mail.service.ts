import { Injectable } from '@nestjs/common';
import { displayName, type Locale, type ReformRequest } from '@estancia/contracts';
import { translate } from '@estancia/i18n';
import { MailService } from '../../infra/mail/mail.service';

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The customer's confirmation of a reform budget request, in their language. */
@Injectable()
export class ReformRequestMail {
  constructor(private readonly mail: MailService) {}

  async received(language: Locale, request: ReformRequest): Promise<void> {
    const t = (key: string, vars: Record<string, string | number> = {}) =>
      translate(language, 'mail', key, vars);
    const vars = {
      property: request.propertyName,
      what: request.what.map((scope) => t(`reformRequestReceived.what.${scope}`)).join(', '),
      area: request.areaSquareMeters,
      budget: t(`reformRequestReceived.budget.${request.budgetRange}`),
      contact: t(`reformRequestReceived.contact.${request.contactPreference}`),
    };
    const greeting = t('greeting', { name: displayName(request.customer) });
    const body = t('reformRequestReceived.body', vars);
    const signature = t('signature');
    await this.mail.send({
      to: request.customer.email,
      subject: t('reformRequestReceived.subject', vars),
      text: `${greeting}\n\n${body}\n\n${signature}`,
      html: [greeting, body, signature].map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
      template: 'reformRequestReceived',
    });
  }
}
