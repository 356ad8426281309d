import type { OutboxMessage } from '@estancia/contracts';
import { translate } from '@estancia/i18n';
import { DataSource } from 'typeorm';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { MailService } from './mail.service';

describe('admin outbox: subjects in the staff member’s language', () => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await signIn(t, 'admin');
  });
  afterAll(() => t.close());

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${t.url}/data/${path}`, { headers: { ...admin.headers, ...headers } });
    expect(res.status).toBe(200);
    return res.json() as Promise<OutboxMessage & OutboxMessage[]>;
  };

  /** A verification e-mail as a Catalan customer got it. */
  const sendCatalanCode = (to: string, code: string) =>
    t.app.get(MailService).send({
      to,
      subject: translate('ca', 'mail', 'verification.subject', { code }),
      text: `codi ${code}`,
      template: 'verification',
      subjectParams: { code, minutes: 15 },
    });

  it('keeps only the values the subject uses', async () => {
    const { id } = await sendCatalanCode('kept@example.test', '111222');
    const [row] = (await t.app
      .get(DataSource)
      .query(`SELECT subject_params FROM outbox WHERE id = $1`, [id])) as { subject_params: unknown }[];
    expect(row!.subject_params).toEqual({ code: '111222' });
  });

  it('writes the subject in the language asked for, by Accept-Language or ?lang, in the list and one message', async () => {
    const { id } = await sendCatalanCode('nuria@example.test', '654321');
    const asSent = translate('ca', 'mail', 'verification.subject', { code: '654321' });
    const spanish = translate('es', 'mail', 'verification.subject', { code: '654321' });
    const english = translate('en', 'mail', 'verification.subject', { code: '654321' });

    const one = await get(`admin/outbox/${id}`, { 'accept-language': 'es-ES,es;q=0.9' });
    expect(one).toMatchObject({ subject: asSent, staffSubject: spanish, template: 'verification' });
    expect((await get(`admin/outbox/${id}?lang=en`)).staffSubject).toBe(english);

    const filter = encodeURIComponent(JSON.stringify({ q: 'nuria@example.test' }));
    const [listed] = await get(`admin/outbox?filter=${filter}`, { 'accept-language': 'en' });
    expect(listed).toMatchObject({ id, subject: asSent, staffSubject: english });
  });

  it('answers the subject as sent when no language is asked for or the values were not kept', async () => {
    const { id } = await sendCatalanCode('plain@example.test', '777888');
    const asSent = translate('ca', 'mail', 'verification.subject', { code: '777888' });
    expect((await get(`admin/outbox/${id}`, { 'accept-language': '*' })).staffSubject).toBe(asSent);

    // A message stored without its values (as before they were kept) cannot be written again.
    const { id: old } = await t.app.get(MailService).send({
      to: 'old@example.test',
      subject: 'Codi antic: 123123',
      text: 'x',
      template: 'verification',
    });
    expect((await get(`admin/outbox/${old}?lang=es`)).staffSubject).toBe('Codi antic: 123123');
    // A kind the mail catalogue does not know keeps its own subject.
    const { id: other } = await t.app
      .get(MailService)
      .send({ to: 'x@example.test', subject: 'Hola', text: 'x', template: 'test' });
    expect((await get(`admin/outbox/${other}?lang=en`)).staffSubject).toBe('Hola');
  });
});
