import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { SMTPServer } from 'smtp-server';
import type { OutboxMessage } from '@estancia/contracts';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { MailDelivery } from './mail-delivery.service';
import { mailTemplates } from './mail-templates';
import { MailService } from './mail.service';

interface Received {
  from: string;
  to: string[];
  raw: string;
  user?: string;
}

const until = async <T>(read: () => Promise<T | undefined>, ms = 10000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

const outboxRow = (t: TestApp, id: string) =>
  t.app
    .get(DataSource)
    .query(`SELECT sent_at, attempts, error FROM outbox WHERE id = $1`, [id])
    .then((rows: { sent_at: Date | null; attempts: number; error: string | null }[]) => rows[0]);

describe('mail through the SMTP adapter (real SMTP server on loopback)', () => {
  let smtp: SMTPServer;
  let t: TestApp;
  const received: Received[] = [];
  let refuseRecipient = '';

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: false,
      allowInsecureAuth: true,
      hideSTARTTLS: true,
      logger: false,
      onAuth: (auth, _session, callback) =>
        auth.username === 'mailer' && auth.password === 's3cret'
          ? callback(null, { user: auth.username })
          : callback(new Error('bad credentials')),
      onRcptTo: (address, _session, callback) =>
        address.address === refuseRecipient ? callback(new Error('mailbox unavailable')) : callback(),
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString(),
            user: session.user as string | undefined,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await startTestApp({
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${port}`,
      MAIL_FROM: 'Estancia <hola@estancia.test>',
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it('delivers a stored message with subject, recipient and body, and marks it sent', async () => {
    const { id } = await t.app.get(MailService).send({
      to: 'ana@example.test',
      subject: 'Your Estancia code',
      text: 'Your code is 123456.',
      html: '<p>Your code is <b>123456</b>.</p>',
      template: 'verification',
    });
    const message = await until(async () => received.find((m) => m.to.includes('ana@example.test')));
    expect(message.user).toBe('mailer');
    expect(message.from).toBe('hola@estancia.test');
    expect(message.raw).toMatch(/^Subject: Your Estancia code\r$/m);
    expect(message.raw).toMatch(/^To: ana@example.test\r$/m);
    expect(message.raw).toContain('Your code is 123456.');
    expect(message.raw).toContain('<b>123456</b>');
    const row = await until(async () => {
      const r = await outboxRow(t, id);
      return r.sent_at ? r : undefined;
    });
    expect(row).toMatchObject({ attempts: 1, error: null });

    // The job running again (a retry after a lost acknowledgement) must not send a second copy.
    await t.app.get(MailDelivery).deliver({ outboxId: id });
    expect(received.filter((m) => m.to.includes('ana@example.test'))).toHaveLength(1);
    expect((await outboxRow(t, id)).attempts).toBe(1);
  });

  it('sends a template as one message with its plain-text and branded HTML parts', async () => {
    const mail = mailTemplates.passwordReset('ca', {
      name: 'Núria',
      link: 'https://app.estancia.test/login/?resetToken=abc-123',
      minutes: 60,
    });
    const { id } = await t.app.get(MailService).sendTemplate('nuria@example.test', mail);
    const message = await until(async () => received.find((m) => m.to.includes('nuria@example.test')));
    expect(message.raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(message.raw).toMatch(/^Content-Type: text\/plain; charset=utf-8\r$/m);
    expect(message.raw).toMatch(/^Content-Type: text\/html; charset=utf-8\r$/m);
    const [stored] = (await t.app
      .get(DataSource)
      .query(`SELECT subject, text, html, template FROM outbox WHERE id = $1`, [id])) as {
      subject: string;
      text: string;
      html: string;
      template: string;
    }[];
    expect(stored).toMatchObject({ subject: mail.subject, template: 'passwordReset' });
    expect(stored.text.split('\n')).toContain('https://app.estancia.test/login/?resetToken=abc-123');
    expect(stored.text).toContain('Hola, Núria:');
    expect(stored.html).toMatch(/^<!doctype html>\s*<html lang="ca"/i);
    expect(stored.html).toContain('href="https://app.estancia.test/login/?resetToken=abc-123"');
  });

  it('records a refused delivery and fails the job so it is retried', async () => {
    refuseRecipient = 'nobody@example.test';
    const delivery = t.app.get(MailDelivery);
    const { id } = await t.app
      .get(MailService)
      .send({ to: refuseRecipient, subject: 'S', text: 'T', template: 'test' });
    // The queued job may hold the row at the moment of a call (which then skips it): call until one runs.
    let refused: unknown;
    for (let i = 0; i < 40 && !refused; i++) {
      refused = await delivery.deliver({ outboxId: id }).then(
        () => undefined,
        (error: unknown) => error,
      );
      if (!refused) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(String(refused)).toMatch(/mailbox unavailable/);
    const row = await outboxRow(t, id);
    expect(row.sent_at).toBeNull();
    expect(row.error).toMatch(/mailbox unavailable/);
    expect(row.attempts).toBeGreaterThanOrEqual(1);
  });
});

describe('outbox (default transport) and the admin outbox endpoints', () => {
  let t: TestApp;
  let admin: SignedIn;
  let decorator: SignedIn;
  let customer: SignedIn;

  beforeAll(async () => {
    t = await startTestApp();
    [admin, decorator, customer] = await Promise.all([signIn(t, 'admin'), signIn(t, 'decorator'), signIn(t)]);
  });
  afterAll(() => t.close());

  const get = (path: string, headers: Record<string, string> = admin.headers) =>
    fetch(`${t.url}/data/${path}`, { headers });

  it('stores the message and marks it sent without any mail server', async () => {
    const { id } = await t.app
      .get(MailService)
      .send({ to: 'luis@example.test', subject: 'Hola', text: 'Body', template: 'test' });
    const row = await until(async () => {
      const r = await outboxRow(t, id);
      return r.sent_at ? r : undefined;
    });
    expect(row).toMatchObject({ attempts: 1, error: null });
  });

  it('lists messages newest first with Content-Range, and filters by recipient or subject', async () => {
    const mail = t.app.get(MailService);
    await mail.send({ to: 'first@example.test', subject: 'Older one', text: 'a', template: 'test' });
    await mail.send({ to: 'second@example.test', subject: 'Newer one', text: 'b', template: 'test' });

    const all = await get('admin/outbox');
    expect(all.status).toBe(200);
    const rows = (await all.json()) as OutboxMessage[];
    const total = rows.length;
    expect(all.headers.get('content-range')).toBe(`outbox 0-${total - 1}/${total}`);
    const times = rows.map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(rows.findIndex((r) => r.subject === 'Newer one')).toBeLessThan(
      rows.findIndex((r) => r.subject === 'Older one'),
    );

    const bySubject = (await (
      await get(`admin/outbox?filter=${encodeURIComponent('{"q":"newer"}')}`)
    ).json()) as OutboxMessage[];
    expect(bySubject.map((r) => r.to)).toEqual(['second@example.test']);
    const byRecipient = await get(
      `admin/outbox?filter=${encodeURIComponent('{"q":"FIRST@example"}')}&range=[0,0]`,
    );
    expect(byRecipient.headers.get('content-range')).toBe('outbox 0-0/1');
    expect(((await byRecipient.json()) as OutboxMessage[])[0]).toMatchObject({
      to: 'first@example.test',
      subject: 'Older one',
      text: 'a',
      html: '',
      template: 'test',
    });

    const page = await get(
      `admin/outbox?range=${encodeURIComponent('[1,2]')}&sort=${encodeURIComponent('["createdAt","ASC"]')}`,
    );
    expect(page.headers.get('content-range')).toBe(`outbox 1-2/${total}`);
  });

  it('shows one message, and NOT_FOUND for an unknown or malformed id', async () => {
    const { id } = await t.app
      .get(MailService)
      .send({ to: 'one@example.test', subject: 'One', text: 'x', template: 'test' });
    const one = await get(`admin/outbox/${id}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({ id, to: 'one@example.test', subject: 'One' });
    for (const missing of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await get(`admin/outbox/${missing}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe('NOT_FOUND');
    }
  });

  it('is for admins only: decorators get FORBIDDEN, customers STAFF_ONLY', async () => {
    const anonymous = await get('admin/outbox', {});
    expect(anonymous.status).toBe(401);
    const asCustomer = await get('admin/outbox', customer.headers);
    expect(asCustomer.status).toBe(403);
    expect(((await asCustomer.json()) as { code: string }).code).toBe('STAFF_ONLY');
    const oneAsCustomer = await get(`admin/outbox/00000000-0000-4000-8000-000000000000`, customer.headers);
    expect(oneAsCustomer.status).toBe(403);
    const { id } = await t.app
      .get(MailService)
      .send({ to: 'hidden@example.test', subject: 'Hidden', text: 'x', template: 'test' });
    for (const path of ['admin/outbox', `admin/outbox/${id}`]) {
      const asDecorator = await get(path, decorator.headers);
      expect(asDecorator.status).toBe(403);
      expect(((await asDecorator.json()) as { code: string }).code).toBe('FORBIDDEN');
    }
  });
});
