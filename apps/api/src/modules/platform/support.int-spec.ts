import type { AdminContactRequest, AdminProblemReport, ContactRequestInput } from '@estancia/contracts';
import { DataSource } from 'typeorm';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';

const aRequest = (overrides: Partial<ContactRequestInput> = {}): ContactRequestInput => ({
  name: 'Laia Vidal',
  email: 'Laia@Inmo.example',
  company: 'Inmo Vidal',
  services: ['automatic_images', 'api'],
  volumes: ['10-100'],
  wantsMeeting: false,
  message: 'Queremos decorar pisos vacíos.',
  language: 'en',
  ...overrides,
});

const LONG_REPORT =
  'Al pulsar el botón de descarga de la decoración del salón no pasa nada y no aparece ningún aviso.';

describe('support: contact requests and problem reports', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: SignedIn;
  let decorator: SignedIn;
  let customer: SignedIn;

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_SUPPORT_PER_IP: '4' });
    db = t.app.get(DataSource);
    [admin, decorator, customer] = await Promise.all([signIn(t, 'admin'), signIn(t, 'decorator'), signIn(t)]);
  });
  afterAll(() => t.close());

  const call = (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) =>
    fetch(`${t.url}/data/${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const refusal = async (res: Response) => {
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; fields: Record<string, string> };
    expect(body.code).toBe('VALIDATION_FAILED');
    return body.fields;
  };
  const count = async (table: string) =>
    ((await db.query(`SELECT count(*)::int AS n FROM ${table}`)) as { n: number }[])[0].n;
  const mails = (template: string) =>
    db.query(`SELECT "to", subject, text FROM outbox WHERE template = $1 ORDER BY created_at`, [
      template,
    ]) as Promise<{ to: string; subject: string; text: string }[]>;

  describe('POST /data/contact', () => {
    it('flags each missing or wrong field with its code and stores nothing', async () => {
      expect(await refusal(await call('POST', 'contact', {}, {}))).toEqual({
        name: 'required',
        email: 'required',
        services: 'chooseOne',
        volumes: 'chooseOne',
      });
      expect(
        await refusal(
          await call('POST', 'contact', {}, aRequest({ email: 'not-an-email', services: [], volumes: [] })),
        ),
      ).toEqual({ email: 'email', services: 'chooseOne', volumes: 'chooseOne' });
      expect(
        await refusal(await call('POST', 'contact', {}, aRequest({ volumes: ['a-lot' as never] }))),
      ).toEqual({ 'volumes.0': 'invalid' });
      // One band: a customer handles one volume of properties.
      expect(
        await refusal(await call('POST', 'contact', {}, aRequest({ volumes: ['1-10', '10-100'] }))),
      ).toEqual({ volumes: 'invalid' });
      expect(await count('contact_requests')).toBe(0);
      expect(await mails('contactSales')).toEqual([]);
    });

    it('requires the days and times when a meeting is wanted, even with other errors', async () => {
      expect(
        await refusal(
          await call('POST', 'contact', {}, aRequest({ wantsMeeting: true, meetingTimes: '  ' })),
        ),
      ).toEqual({ meetingTimes: 'meetingTimesRequired' });
      expect(
        await refusal(await call('POST', 'contact', {}, aRequest({ name: '', wantsMeeting: true }))),
      ).toEqual({ name: 'required', meetingTimes: 'meetingTimesRequired' });
      expect(await count('contact_requests')).toBe(0);
    });

    it('stores a request, e-mails it to sales and confirms it to the sender in their language', async () => {
      const res = await call(
        'POST',
        'contact',
        {},
        aRequest({ wantsMeeting: true, meetingTimes: 'Martes de 10 a 12' }),
      );
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: string };
      const [row] = (await db.query(`SELECT * FROM contact_requests WHERE id = $1`, [id])) as Record<
        string,
        unknown
      >[];
      expect(row).toMatchObject({
        name: 'Laia Vidal',
        email: 'laia@inmo.example',
        services: ['automatic_images', 'api'],
        volumes: ['10-100'],
        wants_meeting: true,
        meeting_times: 'Martes de 10 a 12',
        language: 'en',
        status: 'new',
      });

      const [sales] = await mails('contactSales');
      expect(sales.to).toBe('ventas@estancia.local');
      expect(sales.subject).toBe('Nueva solicitud de contacto: Laia Vidal');
      expect(sales.text).toContain('Servicios: Imágenes automáticas, API');
      expect(sales.text).toContain('Inmuebles al mes: De 10 a 100');
      expect(sales.text).toContain('Días y horas: Martes de 10 a 12');
      expect(sales.text).toContain(`/backoffice/contact-requests/${id}/show`);
      const [confirmation] = await mails('contactConfirmation');
      expect(confirmation.to).toBe('laia@inmo.example');
      expect(confirmation.subject).toBe('We have received your contact request');
      expect(confirmation.text).toContain('Martes de 10 a 12');
    });

    it('drops days and times typed for a meeting that is not wanted', async () => {
      const res = await call(
        'POST',
        'contact',
        {},
        aRequest({
          name: 'Pau Serra',
          email: 'pau@example.com',
          company: '',
          meetingTimes: 'Lunes',
          language: 'ca',
        }),
      );
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: string };
      const [row] = (await db.query(`SELECT meeting_times FROM contact_requests WHERE id = $1`, [id])) as {
        meeting_times: string;
      }[];
      expect(row.meeting_times).toBe('');
      const confirmations = await mails('contactConfirmation');
      expect(confirmations[1]).toMatchObject({
        to: 'pau@example.com',
        subject: 'Hem rebut la teva sol·licitud de contacte',
      });
    });
  });

  describe('POST /data/problem-reports', () => {
    it('needs a signed-in user', async () => {
      expect((await call('POST', 'problem-reports', {}, { text: LONG_REPORT })).status).toBe(401);
    });

    it('refuses a report shorter than 50 characters', async () => {
      expect(await refusal(await call('POST', 'problem-reports', customer.headers, { text: ' ' }))).toEqual({
        text: 'required',
      });
      expect(
        await refusal(await call('POST', 'problem-reports', customer.headers, { text: 'No va.' })),
      ).toEqual({ text: 'reportTooShort' });
      expect(await count('problem_reports')).toBe(0);
    });

    it('stores the report with the page and the browser, and e-mails it to support', async () => {
      const res = await call(
        'POST',
        'problem-reports',
        { ...customer.headers, 'user-agent': 'TestBrowser/1.0' },
        { text: LONG_REPORT, pageUrl: 'http://localhost/project/1' },
      );
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: string };
      const [row] = (await db.query(`SELECT * FROM problem_reports WHERE id = $1`, [id])) as Record<
        string,
        unknown
      >[];
      expect(row).toMatchObject({
        user_id: customer.userId,
        text: LONG_REPORT,
        page_url: 'http://localhost/project/1',
        user_agent: 'TestBrowser/1.0',
        status: 'new',
      });
      const [mail] = await mails('problemReport');
      expect(mail.to).toBe('soporte@estancia.local');
      expect(mail.subject).toBe(`Problema informado por ${customer.email}`);
      expect(mail.text).toContain(LONG_REPORT);
      expect(mail.text).toContain('Página: http://localhost/project/1');
      expect(mail.text).toContain('Navegador: TestBrowser/1.0');
    });
  });

  describe('the console resources', () => {
    it('are for admins only', async () => {
      for (const resource of ['contact-requests', 'problem-reports']) {
        expect((await call('GET', `admin/${resource}`)).status).toBe(401);
        const asCustomer = await call('GET', `admin/${resource}`, customer.headers);
        expect(asCustomer.status).toBe(403);
        const asDecorator = await call('GET', `admin/${resource}`, decorator.headers);
        expect(asDecorator.status).toBe(403);
        expect(((await asDecorator.json()) as { code: string }).code).toBe('FORBIDDEN');
      }
      const [{ id }] = (await db.query(`SELECT id FROM contact_requests LIMIT 1`)) as { id: string }[];
      expect((await call('POST', `admin/contact-requests/${id}/start`, decorator.headers)).status).toBe(403);
    });

    it('lists contact requests newest first with Content-Range, filters and shows one', async () => {
      const res = await call('GET', 'admin/contact-requests?range=[0,9]', admin.headers);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-range')).toBe('contact-requests 0-1/2');
      const rows = (await res.json()) as AdminContactRequest[];
      expect(rows.map((r) => r.email)).toEqual(['pau@example.com', 'laia@inmo.example']);
      expect(rows[1]).toMatchObject({
        name: 'Laia Vidal',
        services: ['automatic_images', 'api'],
        volumes: ['10-100'],
        wantsMeeting: true,
        meetingTimes: 'Martes de 10 a 12',
        status: 'new',
        startedAt: null,
        startedBy: null,
      });
      const filtered = await call(
        'GET',
        `admin/contact-requests?filter=${encodeURIComponent(JSON.stringify({ q: 'inmo' }))}`,
        admin.headers,
      );
      expect(((await filtered.json()) as AdminContactRequest[]).map((r) => r.name)).toEqual(['Laia Vidal']);
      const one = await call('GET', `admin/contact-requests/${rows[1].id}`, admin.headers);
      expect(await one.json()).toEqual(rows[1]);
      expect((await call('GET', 'admin/contact-requests/nope', admin.headers)).status).toBe(404);
    });

    it('moves a contact request new → in_progress → done, recording who and when, and refuses other steps', async () => {
      const [{ id }] = (await db.query(
        `SELECT id FROM contact_requests WHERE email = 'laia@inmo.example'`,
      )) as {
        id: string;
      }[];
      const early = await call('POST', `admin/contact-requests/${id}/finish`, admin.headers);
      expect(early.status).toBe(409);
      expect(((await early.json()) as { code: string }).code).toBe('SUPPORT_STATUS_NOT_NEXT');

      const started = (await (
        await call('POST', `admin/contact-requests/${id}/start`, admin.headers)
      ).json()) as AdminContactRequest;
      expect(started.status).toBe('in_progress');
      expect(started.startedBy?.id).toBe(admin.userId);
      expect(started.startedAt).not.toBeNull();
      expect((await call('POST', `admin/contact-requests/${id}/start`, admin.headers)).status).toBe(409);

      const done = (await (
        await call('POST', `admin/contact-requests/${id}/finish`, admin.headers)
      ).json()) as AdminContactRequest;
      expect(done).toMatchObject({ status: 'done', startedBy: started.startedBy });
      expect(done.doneBy?.id).toBe(admin.userId);
      expect(new Date(done.doneAt ?? 0).getTime()).toBeGreaterThanOrEqual(
        new Date(started.startedAt ?? 0).getTime(),
      );

      const onlyDone = await call(
        'GET',
        `admin/contact-requests?filter=${encodeURIComponent(JSON.stringify({ status: 'done' }))}`,
        admin.headers,
      );
      expect(((await onlyDone.json()) as AdminContactRequest[]).map((r) => r.id)).toEqual([id]);
      expect(
        (
          await call(
            'POST',
            `admin/contact-requests/00000000-0000-4000-8000-000000000000/start`,
            admin.headers,
          )
        ).status,
      ).toBe(404);
    });

    it('lists and works problem reports with the reporter', async () => {
      const res = await call('GET', 'admin/problem-reports', admin.headers);
      expect(res.headers.get('content-range')).toBe('problem-reports 0-0/1');
      const [report] = (await res.json()) as AdminProblemReport[];
      expect(report).toMatchObject({
        reporter: { id: customer.userId, email: customer.email },
        text: LONG_REPORT,
        pageUrl: 'http://localhost/project/1',
        userAgent: 'TestBrowser/1.0',
        status: 'new',
      });
      await call('POST', `admin/problem-reports/${report.id}/start`, admin.headers);
      const done = await call('POST', `admin/problem-reports/${report.id}/finish`, admin.headers);
      expect(await done.json()).toMatchObject({ status: 'done', doneBy: { id: admin.userId } });
    });
  });

  it('limits the contact form per network address', async () => {
    // Two requests were accepted above; the limit is 4 per window.
    for (const n of [1, 2]) {
      const ok = await call('POST', 'contact', {}, aRequest({ email: `more${n}@example.com` }));
      expect(ok.status).toBe(201);
    }
    const refused = await call('POST', 'contact', {}, aRequest({ email: 'more3@example.com' }));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { code: string }).code).toBe('RATE_LIMITED');
    expect(await count('contact_requests')).toBe(4);
  });
});
