import type { Locale } from '@estancia/contracts';
import { translate } from '@estancia/i18n';
import type { MailContent } from './mail-layout';

type Vars = Record<string, string | number>;

/** One e-mail ready for the layout: its kind, subject (and the values it was written with) and content. */
export interface ComposedMail {
  template: MailTemplate;
  subject: string;
  /** Kept by the outbox so the staff console can write the subject again in the staff member's language. */
  subjectParams: Vars;
  content: MailContent;
}

const writer =
  (locale: Locale) =>
  (key: string, vars: Vars = {}) =>
    translate(locale, 'mail', key, vars);

/** The subject, greeting and signature every kind shares; `body` adds what the kind says. */
function compose(
  template: MailTemplate,
  locale: Locale,
  subjectParams: Vars,
  body: (t: ReturnType<typeof writer>) => Omit<MailContent, 'locale' | 'subject' | 'preview'>,
): ComposedMail {
  const t = writer(locale);
  const subject = t(`${template}.subject`, subjectParams).replace(/\s+/g, ' ').trim();
  const content = body(t);
  return {
    template,
    subject,
    subjectParams,
    content: { locale, subject, preview: content.paragraphs[0] ?? subject, ...content },
  };
}

interface Named {
  /** The name the greeting uses (the display name, never empty). */
  name: string;
}

/**
 * Every e-mail the product sends, written in the recipient's language from the mail catalogue. The
 * callers fetch the facts; these functions only word them.
 */
export const mailTemplates = {
  verification: (locale: Locale, v: Named & { code: string; minutes: number }) =>
    compose('verification', locale, { code: v.code, minutes: v.minutes }, (t) => ({
      greeting: t('greeting', { name: v.name }),
      paragraphs: [t('verification.body')],
      code: v.code,
      notes: [t('verification.note', { minutes: v.minutes })],
      signature: t('signature'),
    })),

  passwordReset: (locale: Locale, v: Named & { link: string; minutes: number }) =>
    compose('passwordReset', locale, { minutes: v.minutes }, (t) => ({
      greeting: t('greeting', { name: v.name }),
      paragraphs: [t('passwordReset.body', { minutes: v.minutes })],
      action: { label: t('passwordReset.action'), url: v.link },
      notes: [t('passwordReset.note')],
      signature: t('signature'),
    })),

  /** To a verified account's owner: somebody registered with their address (they may have forgotten). */
  registrationAttempt: (locale: Locale, v: Named & { link: string }) =>
    compose('registrationAttempt', locale, {}, (t) => ({
      greeting: t('greeting', { name: v.name }),
      paragraphs: [t('registrationAttempt.body')],
      action: { label: t('registrationAttempt.action'), url: v.link },
      notes: [t('registrationAttempt.note')],
      signature: t('signature'),
    })),

  reviewDelivered: (locale: Locale, v: Named & { property: string; link: string }) =>
    compose('reviewDelivered', locale, { property: v.property }, (t) => ({
      greeting: t('greeting', { name: v.name }),
      paragraphs: [t('reviewDelivered.body', { property: v.property })],
      action: { label: t('reviewDelivered.action'), url: v.link },
      signature: t('signature'),
    })),

  /** To the customer: money of a payment refunded (`amount` already written in their language), and credits taken back. */
  paymentRefunded: (locale: Locale, v: Named & { amount: string; invoice: string; creditsTaken: number }) =>
    compose('paymentRefunded', locale, { amount: v.amount }, (t) => ({
      greeting: t('greeting', { name: v.name }),
      paragraphs: [
        t('paymentRefunded.body', { amount: v.amount, invoice: v.invoice }),
        ...(v.creditsTaken > 0 ? [t('paymentRefunded.credits', { count: v.creditsTaken })] : []),
      ],
      facts: [
        [t('paymentRefunded.amount'), v.amount],
        [t('paymentRefunded.invoice'), v.invoice],
      ],
      notes: [t('paymentRefunded.note')],
      signature: t('signature'),
    })),

  reviewAtRisk: (locale: Locale, v: Named & ReviewAlert) => reviewAlert('reviewAtRisk', locale, v),
  reviewOverdue: (locale: Locale, v: Named & ReviewAlert) => reviewAlert('reviewOverdue', locale, v),

  freeDownload: (locale: Locale, v: { code: string; minutes: number }) =>
    compose('freeDownload', locale, { code: v.code, minutes: v.minutes }, (t) => ({
      greeting: t('freeDownload.greeting'),
      paragraphs: [t('freeDownload.body')],
      code: v.code,
      notes: [t('freeDownload.note', { minutes: v.minutes })],
      signature: t('signature'),
    })),

  reformRequestReceived: (
    locale: Locale,
    v: Named & {
      property: string;
      what: string[];
      area: number;
      budgetRange: string;
      contactPreference: string;
    },
  ) => {
    const t = writer(locale);
    const vars = {
      property: v.property,
      what: v.what.map((scope) => t(`reformRequestReceived.what.${scope}`)).join(', '),
      area: v.area,
      budget: t(`reformRequestReceived.budget.${v.budgetRange}`),
      contact: t(`reformRequestReceived.contact.${v.contactPreference}`),
    };
    return compose('reformRequestReceived', locale, vars, () => ({
      greeting: t('greeting', { name: v.name }),
      paragraphs: [t('reformRequestReceived.body', vars)],
      signature: t('signature'),
    }));
  },

  contactConfirmation: (locale: Locale, v: Named & { meetingTimes?: string }) =>
    compose('contactConfirmation', locale, {}, (t) => ({
      greeting: t('greeting', { name: v.name }),
      paragraphs: [
        t('contactConfirmation.body'),
        ...(v.meetingTimes ? [t('contactConfirmation.meeting', { times: v.meetingTimes })] : []),
      ],
      signature: t('signature'),
    })),

  /** To sales: what the visitor sent, field by field (`support.fields.<key>` labels), and the console link. */
  contactSales: (locale: Locale, v: { name: string; fields: [string, string][]; link: string }) =>
    teamMail('contactSales', locale, { name: v.name.replace(/\s+/g, ' ').trim() }, v),

  /** To support: the report, field by field, and the console link. */
  problemReport: (locale: Locale, v: { email: string; fields: [string, string][]; link: string }) =>
    teamMail('problemReport', locale, { email: v.email }, v),
} satisfies Record<string, (locale: Locale, values: never) => ComposedMail>;

export type MailTemplate =
  | 'verification'
  | 'passwordReset'
  | 'registrationAttempt'
  | 'reviewDelivered'
  | 'paymentRefunded'
  | 'reviewAtRisk'
  | 'reviewOverdue'
  | 'freeDownload'
  | 'reformRequestReceived'
  | 'contactConfirmation'
  | 'contactSales'
  | 'problemReport';

interface ReviewAlert {
  property: string;
  customer: string;
  /** Already written in the recipient's language and the business time zone. */
  deadline: string;
  hours: number;
  link: string;
}

function reviewAlert(template: 'reviewAtRisk' | 'reviewOverdue', locale: Locale, v: Named & ReviewAlert) {
  const vars = { property: v.property, customer: v.customer, deadline: v.deadline, hours: v.hours };
  return compose(template, locale, { property: v.property }, (t) => ({
    greeting: t('greeting', { name: v.name }),
    paragraphs: [t(`${template}.body`, vars)],
    action: { label: t('layout.openInConsole'), url: v.link },
    signature: t('signature'),
  }));
}

function teamMail(
  template: 'contactSales' | 'problemReport',
  locale: Locale,
  subjectParams: Vars,
  v: { fields: [string, string][]; link: string },
) {
  return compose(template, locale, subjectParams, (t) => ({
    paragraphs: [t(`${template}.intro`)],
    facts: v.fields.map(([key, value]) => [t(`support.fields.${key}`), value]),
    action: { label: t('layout.openInConsole'), url: v.link },
    internal: true,
  }));
}
