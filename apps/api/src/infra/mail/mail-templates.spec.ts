import { LOCALES, type Locale } from '@estancia/contracts';
import { translate } from '@estancia/i18n';
import { compile, MailLayout } from './mail-layout';
import { mailTemplates, type ComposedMail, type MailTemplate } from './mail-templates';

const HOME = 'https://estancia.test';
const RESET = `${HOME}/login/?resetToken=0b7c2f1e-7a51-4c8e-9a43-5d0b1c9e2f11`;
const PROJECT = `${HOME}/project/9f0e6a52-3b7d-4c11-8d2e-6a1f0c4b7e33`;
const CONSOLE = `${HOME}/backoffice/reviews/7d1c/show`;

/** Each kind with sample facts, and the facts its text part must carry (besides the layout's). */
const samples: Record<
  MailTemplate,
  (locale: Locale) => { mail: ComposedMail; facts: string[]; link?: string }
> = {
  verification: (l) => ({
    mail: mailTemplates.verification(l, { name: 'Núria', code: '482913', minutes: 15 }),
    facts: ['Núria', '482913', '15'],
  }),
  passwordReset: (l) => ({
    mail: mailTemplates.passwordReset(l, { name: 'Núria', link: RESET, minutes: 60 }),
    facts: ['60'],
    link: RESET,
  }),
  registrationAttempt: (l) => ({
    mail: mailTemplates.registrationAttempt(l, { name: 'Núria', link: `${HOME}/login/` }),
    facts: ['Núria'],
    link: `${HOME}/login/`,
  }),
  reviewDelivered: (l) => ({
    mail: mailTemplates.reviewDelivered(l, { name: 'Núria', property: 'Pis Eixample', link: PROJECT }),
    facts: ['Pis Eixample'],
    link: PROJECT,
  }),
  paymentRefunded: (l) => ({
    mail: mailTemplates.paymentRefunded(l, {
      name: 'Núria',
      amount: '49,00 €',
      invoice: 'EST-2026-000123',
      creditsTaken: 10,
    }),
    facts: ['Núria', '49,00 €', 'EST-2026-000123', '10'],
  }),
  reviewAtRisk: (l) => ({
    mail: mailTemplates.reviewAtRisk(l, {
      name: 'Ana',
      property: 'Ático Chamberí',
      customer: 'pau@example.test',
      deadline: '3 dic 2026, 14:00',
      hours: 12,
      link: CONSOLE,
    }),
    facts: ['Ático Chamberí', 'pau@example.test', '3 dic 2026, 14:00', '12'],
    link: CONSOLE,
  }),
  reviewOverdue: (l) => ({
    mail: mailTemplates.reviewOverdue(l, {
      name: 'Ana',
      property: 'Ático Chamberí',
      customer: 'pau@example.test',
      deadline: '3 dic 2026, 14:00',
      hours: 12,
      link: CONSOLE,
    }),
    facts: ['Ático Chamberí', 'pau@example.test', '3 dic 2026, 14:00'],
    link: CONSOLE,
  }),
  freeDownload: (l) => ({
    mail: mailTemplates.freeDownload(l, { code: '105577', minutes: 15 }),
    facts: ['105577', '15'],
  }),
  reformRequestReceived: (l) => ({
    mail: mailTemplates.reformRequestReceived(l, {
      name: 'Núria',
      property: 'Casa Gràcia',
      what: ['kitchen', 'floors'],
      area: 85,
      budgetRange: '15k_30k',
      contactPreference: 'phone',
    }),
    facts: [
      'Casa Gràcia',
      '85',
      translate(l, 'mail', 'reformRequestReceived.what.kitchen'),
      translate(l, 'mail', 'reformRequestReceived.what.floors'),
      translate(l, 'mail', 'reformRequestReceived.budget.15k_30k'),
      translate(l, 'mail', 'reformRequestReceived.contact.phone'),
    ],
  }),
  contactConfirmation: (l) => ({
    mail: mailTemplates.contactConfirmation(l, { name: 'Núria', meetingTimes: 'martes 10-12' }),
    facts: ['Núria', 'martes 10-12'],
  }),
  contactSales: (l) => ({
    mail: mailTemplates.contactSales(l, {
      name: 'Inmobiliaria Sol',
      fields: [
        ['name', 'Inmobiliaria Sol'],
        ['email', 'ventas@sol.test'],
        ['message', 'Line one\nline two'],
      ],
      link: CONSOLE,
    }),
    facts: [
      'Inmobiliaria Sol',
      'ventas@sol.test',
      'Line one\nline two',
      translate(l, 'mail', 'support.fields.email'),
    ],
    link: CONSOLE,
  }),
  problemReport: (l) => ({
    mail: mailTemplates.problemReport(l, {
      email: 'pau@example.test',
      fields: [
        ['reporter', 'Pau <pau@example.test>'],
        ['page', '/project/42'],
        ['text', 'The download button does nothing'],
      ],
      link: CONSOLE,
    }),
    facts: ['pau@example.test', '/project/42', 'The download button does nothing'],
    link: CONSOLE,
  }),
};

const unescape = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe('e-mail templates', () => {
  const layout = new MailLayout(HOME);

  for (const [template, sample] of Object.entries(samples))
    for (const locale of LOCALES)
      it(`${template} in ${locale}: branded HTML and a text part with the facts`, async () => {
        const { mail, facts, link } = sample(locale);
        expect(mail.template).toBe(template);
        expect(mail.subject).toBe(mail.content.subject);
        expect(mail.subject).not.toMatch(/\n|\{\{/);

        const { html, text } = await layout.render(mail.content);
        expect(html).toMatch(new RegExp(`^<!doctype html>\\s*<html lang="${locale}"`, 'i'));
        expect(html).toMatch(/<title>([^<]*)<\/title>/);
        expect(unescape(/<title>([^<]*)<\/title>/.exec(html)![1]!)).toBe(mail.subject);
        // Header (the brand, linking home), footer (tagline and why the reader gets it).
        expect(html).toMatch(new RegExp(`<a href="${HOME}"[^>]*>Estancia</a>`));
        const internal = template === 'contactSales' || template === 'problemReport';
        for (const key of ['layout.tagline', internal ? 'layout.internal' : 'layout.reason']) {
          const line = translate(locale, 'mail', key, { product: 'Estancia' });
          expect(unescape(html)).toContain(line);
          expect(text).toContain(line);
        }
        // No web fonts fetched from elsewhere.
        expect(html).not.toMatch(/fonts\.googleapis|@import/);
        // Responsive: MJML's media query stacks the columns on narrow screens.
        expect(html).toContain('@media only screen and (min-width:480px)');
        expect(html).not.toMatch(/%%[A-Z_]+%%|\{\{|\}\}/);
        // No style attribute ends early on a quote inside it (a font name, say).
        expect(html).not.toMatch(/style="[^"]*:"/);
        expect(text).not.toMatch(/%%[A-Z_]+%%|\{\{|\}\}/);

        for (const fact of facts) expect(text).toContain(fact);
        for (const fact of facts) expect(unescape(html.replace(/<br>/g, '\n'))).toContain(fact);
        for (const paragraph of mail.content.paragraphs) expect(text).toContain(paragraph);
        if (link) {
          // A button in the HTML, and the URL alone on its line in the text (clients make it a link).
          expect(html).toContain(`href="${link}"`);
          expect(unescape(html)).toContain(mail.content.action!.label);
          expect(text.split('\n')).toContain(link);
        } else expect(mail.content.action).toBeUndefined();
      });

  it('escapes what users typed in the HTML and keeps it as typed in the text', async () => {
    const mail = mailTemplates.contactConfirmation('es', { name: '<b>Eve</b> & "co"' });
    const { html, text } = await layout.render(mail.content);
    expect(html).toContain('Hola, &lt;b&gt;Eve&lt;/b&gt; &amp; &quot;co&quot;:');
    expect(html).not.toContain('<b>Eve</b>');
    expect(text).toContain('Hola, <b>Eve</b> & "co":');
  });

  it('writes a value with a layout mark in it as it is, without filling it in', async () => {
    const mail = mailTemplates.contactConfirmation('en', { name: '%%CODE%% %%FOOTER%%' });
    const { html } = await layout.render(mail.content);
    expect(html).toContain('Hello %%CODE%% %%FOOTER%%,');
  });

  it('says one credit, not "1 créditos", when a refund takes back a single credit', () => {
    const refund = (l: 'es' | 'ca' | 'en', creditsTaken: number) =>
      mailTemplates.paymentRefunded(l, { name: 'Núria', amount: '9,00 €', invoice: 'EST-1', creditsTaken })
        .content.paragraphs[1];
    expect(refund('es', 1)).toContain('1 crédito de esa compra');
    expect(refund('ca', 1)).toContain('1 crèdit d');
    expect(refund('en', 1)).toContain('1 credit of that purchase has');
    expect(refund('es', 10)).toContain('10 créditos');
    expect(refund('en', 10)).toContain('10 credits of that purchase have');
  });

  it('refuses MJML with errors instead of sending a broken e-mail', async () => {
    await expect(
      compile('<mjml><mj-body><mj-section><mj-text>outside a column</mj-text></mj-section></mj-body></mjml>'),
    ).rejects.toThrow(/MJML/);
  });
});
