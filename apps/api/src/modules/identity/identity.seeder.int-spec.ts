import { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../../../test/harness';
import { RELAXED_LIMITS, call } from '../../../test/fixtures';
import { IdentitySeeder } from './identity.seeder';

describe('IdentitySeeder', () => {
  let t: TestApp;
  let printed = '';
  const write = process.stdout.write.bind(process.stdout);
  beforeAll(async () => {
    t = await startTestApp({
      ...RELAXED_LIMITS,
      ADMIN_EMAIL: 'Jefa@Estancia.test',
      ADMIN_PASSWORD: 'Admin-Clave-2025',
      DECORATOR_EMAIL: 'deco@estancia.test',
    });
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed += chunk.toString();
      return true;
    });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    process.stdout.write = write;
    await t.close();
  });

  const staffLogin = (username: string, password: string) =>
    call(t, 'POST', 'admin/session', { body: { username, password } });

  it('creates verified admin and decorator accounts, printing a generated password', async () => {
    await t.app.get(IdentitySeeder).seed();
    const generated = printed.match(/Created decorator account deco@estancia\.test password: (\S+)/)?.[1];
    expect(generated).toBeDefined();
    expect(printed).toContain('Created admin account Jefa@Estancia.test (password from configuration)');
    expect(printed).not.toContain('Admin-Clave-2025');
    const admin = await staffLogin('jefa@estancia.test', 'Admin-Clave-2025');
    expect(admin).toMatchObject({
      status: 200,
      body: { user: { role: 'admin', email: 'jefa@estancia.test' } },
    });
    expect(await staffLogin('deco@estancia.test', generated ?? '')).toMatchObject({
      status: 200,
      body: { user: { role: 'decorator' } },
    });
  });

  it('leaves existing accounts alone when run again, also from two processes at once', async () => {
    printed = '';
    const seeder = t.app.get(IdentitySeeder);
    await Promise.all([seeder.seed(), seeder.seed()]);
    expect(printed).toBe('');
    const rows = await t.app
      .get(DataSource)
      .query(`SELECT role, count(*)::int AS n FROM users GROUP BY role ORDER BY role`);
    expect(rows).toEqual([
      { role: 'admin', n: 1 },
      { role: 'decorator', n: 1 },
    ]);
  });
});
