import type { Repository } from 'typeorm';
import { MAINTENANCE_FLAG_TTL_MS, MaintenanceFlag, stoppedByMaintenance } from './maintenance.guard';
import type { PlatformFlagsEntity } from './platform-flags.entity';

/** A stand-in for the flags table that counts its reads and answers when told to. */
function flagsTable(initial: boolean) {
  const table = { on: initial, reads: 0, pending: [] as (() => void)[] };
  const repository = {
    findOne: () => {
      table.reads++;
      const answer = table.on;
      return new Promise((resolve) => table.pending.push(() => resolve({ isMaintenanceMode: answer })));
    },
  } as unknown as Repository<PlatformFlagsEntity>;
  /** Answers the reads in flight, oldest first unless `newestFirst`. */
  const answerAll = async (newestFirst = false) => {
    const pending = table.pending.splice(0);
    for (const resolve of newestFirst ? pending.reverse() : pending) resolve();
    await Promise.resolve();
  };
  return { table, flag: new MaintenanceFlag(repository), answerAll };
}

describe('MaintenanceFlag', () => {
  afterEach(() => jest.useRealTimers());

  it('reads the table at most once per second, sharing a read in flight', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const { table, flag, answerAll } = flagsTable(true);
    const first = [flag.isOn(), flag.isOn(), flag.isOn()];
    await answerAll();
    expect(await Promise.all(first)).toEqual([true, true, true]);
    expect(table.reads).toBe(1);

    table.on = false;
    jest.advanceTimersByTime(MAINTENANCE_FLAG_TTL_MS - 1);
    expect(await flag.isOn()).toBe(true);
    expect(table.reads).toBe(1);

    jest.advanceTimersByTime(1);
    const later = flag.isOn();
    await answerAll();
    expect(await later).toBe(false);
    expect(table.reads).toBe(2);
  });

  it('reads again at once after a switch in this process, and an older read cannot undo it', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const { table, flag, answerAll } = flagsTable(false);
    const before = flag.isOn();
    // The switch lands while that read is still in flight.
    table.on = true;
    flag.forget();
    const after = flag.isOn();
    // The older read answers last: it must not overwrite the newer answer.
    await answerAll(true);
    expect(await before).toBe(false);
    expect(await after).toBe(true);
    expect(await flag.isOn()).toBe(true);
    expect(table.reads).toBe(2);
  });
});

describe('stoppedByMaintenance', () => {
  it.each([
    ['POST', '/data/project', true],
    ['PUT', '/data/user/download-options', true],
    ['PATCH', '/data/anything', true],
    ['DELETE', '/data/project/1', true],
    ['POST', '/DATA/Project', true],
    ['POST', '/data/free-try', true],
    ['POST', '/api/v1/projects', true],
    ['DELETE', '/api/v1/webhooks/1', true],
    ['POST', '/api/v1/mcp', true],
    ['GET', '/data/project', false],
    ['HEAD', '/data/project', false],
    ['OPTIONS', '/data/project', false],
    ['GET', '/api/v1/projects', false],
    ['POST', '/data/user/profile', false],
    ['POST', '/data/user/logout', false],
    ['POST', '/data/billing/webhook/stripe', false],
    ['POST', '/data/billing/checkout', true],
    ['POST', '/data/user/login', true],
    ['POST', '/data/admin/session', false],
    ['PUT', '/data/admin/platform/status', false],
    ['DELETE', '/data/admin/holidays/1', false],
    ['POST', '/data/administrator', true],
    ['POST', '/backoffice/login', false],
  ])('%s %s → %s', (method, path, stopped) => {
    expect(stoppedByMaintenance(method, path)).toBe(stopped);
  });
});
