import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  ClientToServerEvents,
  DescriptionVersion,
  ProjectDetail,
  ServerToClientEvents,
  SessionResponse,
} from '@estancia/contracts';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import {
  PASSWORD,
  RELAXED_LIMITS,
  call,
  projectWithPhotos,
  uniqueEmail,
  waitFor,
} from '../../../test/fixtures';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { Accounts } from '../identity/accounts.service';
import { SessionService } from '../identity/session.service';
import { WalletService } from '../wallet/wallet.service';

/** A zip's entries, extracted with Debian's unzip into a fresh folder. */
function unzip(zip: Buffer): { names: string[]; read: (name: string) => Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'estancia-export-'));
  writeFileSync(join(dir, 'export.zip'), zip);
  const listing = execFileSync('unzip', ['-Z1', join(dir, 'export.zip')])
    .toString()
    .trim();
  execFileSync('unzip', ['-q', join(dir, 'export.zip'), '-d', join(dir, 'out')]);
  return {
    names: listing ? listing.split('\n').filter((name) => !name.endsWith('/')) : [],
    read: (name) => readFileSync(join(dir, 'out', name)),
  };
}

const JPEG_START = Buffer.from([0xff, 0xd8, 0xff]);

describe('account: delete my account, export my data', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await startTestApp(RELAXED_LIMITS);
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const count = async (sql: string, params: unknown[]) =>
    ((await db.query(sql, params)) as { n: number }[])[0].n;
  const deleteAccount = (user: { token: string }, body: object) =>
    call(t, 'POST', 'user/deleteAccount', { token: user.token, body });
  const login = (email: string, password = PASSWORD) =>
    call<SessionResponse>(t, 'POST', 'user/login', { body: { login: email, password } });
  const storedFiles = (projectId: string) => existsSync(join(t.config.STORAGE_DIR, 'projects', projectId));

  /** A paid pack as the billing module records it: its checkout session and the payment (invoice). */
  async function paidPack(userId: string): Promise<string> {
    const [session] = (await db.query(
      `INSERT INTO checkout_sessions (user_id, kind, pack_code, credits, amount_cents, state, gateway, completed_at)
       VALUES ($1, 'pack', 'starter', 10, 1900, 'paid', 'sandbox', now()) RETURNING id`,
      [userId],
    )) as { id: string }[];
    const [payment] = (await db.query(
      `INSERT INTO payments (user_id, session_id, amount_cents, kind, credits) VALUES ($1, $2, 1900, 'pack', 10)
       RETURNING id`,
      [userId, session.id],
    )) as { id: string }[];
    return payment.id;
  }

  async function readyDecoration(user: SignedIn, projectId: string, imageId: string): Promise<string> {
    await t.app.get(WalletService).grant(user.userId, 5, 'admin_adjustment', `test:${user.userId}:credits`);
    const ordered = await call<{ decorations: { id: string }[] }>(
      t,
      'POST',
      `project/${projectId}/decorations`,
      {
        token: user.token,
        body: { items: [{ imageId, roomType: 'bedroom', style: 'modern', type: 'automatic' }] },
      },
    );
    if (ordered.status !== 201)
      throw new Error(`order answered ${ordered.status}: ${JSON.stringify(ordered.body)}`);
    const id = ordered.body.decorations[0].id;
    await waitFor(`decoration ${id} ready`, async () => {
      const detail = await call<ProjectDetail>(t, 'GET', `project/${projectId}`, { token: user.token });
      return detail.body.decorations.find((d) => d.id === id)?.state === 'ready';
    });
    return id;
  }

  it('deletes the rows and the stored files, keeps the payment unlinked, and sign-in fails afterwards', async () => {
    const user = await signIn(t);
    const project = await projectWithPhotos(t, user, 2);
    const paymentId = await paidPack(user.userId);
    await db.query(
      `INSERT INTO checkout_sessions (user_id, kind, pack_code, credits, amount_cents, gateway)
       VALUES ($1, 'pack', 'starter', 10, 1900, 'sandbox')`,
      [user.userId],
    );
    expect(storedFiles(project.id)).toBe(true);
    // A live hub connection of the account closes too.
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(`${t.url}/hub`, {
      auth: { token: user.token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const answer = await deleteAccount(user, { password: PASSWORD });
    expect(answer).toMatchObject({ status: 200, body: { status: 'deleted' } });

    expect(await closed).toBe('io server disconnect');
    for (const table of [
      'users WHERE id = $1',
      'sessions WHERE user_id = $1',
      'wallets WHERE user_id = $1',
      'ledger_entries WHERE user_id = $1',
      'projects WHERE user_id = $1',
      'project_images WHERE user_id = $1',
      'checkout_sessions WHERE user_id = $1',
    ])
      expect([table, await count(`SELECT count(*)::int AS n FROM ${table}`, [user.userId])]).toEqual([
        table,
        0,
      ]);
    expect(await count(`SELECT count(*)::int AS n FROM outbox WHERE lower("to") = $1`, [user.email])).toBe(0);
    expect(storedFiles(project.id)).toBe(false);
    // The invoice stays, no longer linked to anyone, with its checkout session.
    const kept = (await db.query(
      `SELECT p.user_id, p.invoice_number, s.user_id AS session_user FROM payments p
         JOIN checkout_sessions s ON s.id = p.session_id WHERE p.id = $1`,
      [paymentId],
    )) as { user_id: string | null; invoice_number: string; session_user: string | null }[];
    expect(kept).toEqual([
      { user_id: null, invoice_number: expect.stringMatching(/^EST-/), session_user: null },
    ]);

    expect((await login(user.email)).body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect((await call(t, 'POST', 'user/profile', { token: user.token })).status).toBe(401);
  });

  it('asks for the right password and deletes nothing without it', async () => {
    const user = await signIn(t);
    const project = await projectWithPhotos(t, user);
    const wrong = await deleteAccount(user, { password: 'Not-The-Password-1' });
    expect(wrong).toMatchObject({
      status: 400,
      body: { code: 'CURRENT_PASSWORD_WRONG', fields: { password: 'CURRENT_PASSWORD_WRONG' } },
    });
    expect((await deleteAccount(user, {})).body).toMatchObject({ code: 'CURRENT_PASSWORD_WRONG' });
    expect(await count(`SELECT count(*)::int AS n FROM users WHERE id = $1`, [user.userId])).toBe(1);
    expect(storedFiles(project.id)).toBe(true);
    expect((await login(user.email)).status).toBe(200);
  });

  it('asks an account without a password (Google) to type its e-mail', async () => {
    const email = uniqueEmail('google');
    const created = await db.transaction((m) =>
      t.app.get(Accounts).create(m, {
        email,
        name: 'Gemma',
        language: 'es',
        passwordHash: null,
        googleSub: `sub-${email}`,
        verified: true,
      }),
    );
    const token = await t.app.get(SessionService).open(created.id);
    expect((await deleteAccount({ token }, { password: PASSWORD })).body).toMatchObject({
      code: 'DELETION_NOT_CONFIRMED',
      fields: { confirmation: 'DELETION_NOT_CONFIRMED' },
    });
    expect((await deleteAccount({ token }, { confirmation: email.toUpperCase() })).body).toEqual({
      status: 'deleted',
    });
    expect(await count(`SELECT count(*)::int AS n FROM users WHERE id = $1`, [created.id])).toBe(0);
  });

  it('refuses while a subscription still renews, and accepts once it is set to end', async () => {
    const user = await signIn(t);
    await db.query(
      `INSERT INTO subscriptions (user_id, plan_code, cycle, status, current_period_end, cancel_at_period_end)
       VALUES ($1, 'PRO', 'monthly', 'active', now() + interval '20 days', false)`,
      [user.userId],
    );
    expect(await deleteAccount(user, { password: PASSWORD })).toMatchObject({
      status: 409,
      body: { code: 'SUBSCRIPTION_RENEWS' },
    });
    await db.query(`UPDATE subscriptions SET cancel_at_period_end = true WHERE user_id = $1`, [user.userId]);
    expect((await deleteAccount(user, { password: PASSWORD })).body).toEqual({ status: 'deleted' });
  });

  it('is for customers: a staff account is refused', async () => {
    const staff = await signIn(t, 'decorator');
    expect((await deleteAccount(staff, { password: PASSWORD })).body).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('exports a zip with the account JSON, the photos, the decorations and the descriptions', async () => {
    const user = await signIn(t);
    const project = await projectWithPhotos(t, user, 2);
    const decorationId = await readyDecoration(user, project.id, project.imageIds[0]);
    const written = await call<DescriptionVersion>(t, 'POST', `project/${project.id}/descriptions`, {
      token: user.token,
      body: {
        language: 'es',
        location: 'Gràcia, Barcelona',
        squareMeters: 85,
        bedrooms: 3,
        bathrooms: 2,
        propertyType: 'penthouse',
        features: ['terrace'],
      },
    });
    expect(written.status).toBe(201);
    // Someone else's project never shows up in this export.
    const other = await signIn(t);
    await projectWithPhotos(t, other);

    const res = await fetch(`${t.url}/data/user/exportData`, { headers: user.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="estancia-data-\d{4}-\d\d-\d\d\.zip"$/,
    );
    const zip = unzip(Buffer.from(await res.arrayBuffer()));

    expect(zip.names).toContain('account.json');
    const data = JSON.parse(zip.read('account.json').toString()) as {
      account: { id: string; email: string; hasPassword: boolean };
      credits: { balance: number; ledger: { reason: string }[] };
      projects: {
        id: string;
        photos: { id: string; file: string }[];
        decorations: { id: string; versions: { file: string; watermarked: boolean }[] }[];
        descriptions: { language: string; text: string; file: string }[];
      }[];
    };
    expect(data.account).toMatchObject({ id: user.userId, email: user.email, hasPassword: true });
    expect(data.credits.ledger.map((entry) => entry.reason)).toContain('signup_bonus');
    expect(data.projects.map((p) => p.id)).toEqual([project.id]);
    const [exported] = data.projects;
    expect(exported.photos.map((photo) => photo.id).sort()).toEqual([...project.imageIds].sort());
    expect(exported.decorations.map((d) => d.id)).toEqual([decorationId]);
    expect(exported.decorations[0].versions).toHaveLength(1);
    // No plan: results carry the watermark, as downloads do.
    expect(exported.decorations[0].versions[0].watermarked).toBe(true);
    expect(exported.descriptions).toEqual([
      expect.objectContaining({ language: 'es', text: written.body.text, file: expect.any(String) }),
    ]);

    const files = [
      ...exported.photos.map((photo) => photo.file),
      ...exported.decorations[0].versions.map((version) => version.file),
    ];
    expect(files).toHaveLength(3);
    for (const file of files) {
      expect(zip.names).toContain(file);
      expect(zip.read(file).subarray(0, 3)).toEqual(JPEG_START);
    }
    expect(zip.read(exported.descriptions[0].file).toString().trim()).toBe(written.body.text);
    expect(zip.names.sort()).toEqual(['account.json', ...files, exported.descriptions[0].file].sort());
  });
});
