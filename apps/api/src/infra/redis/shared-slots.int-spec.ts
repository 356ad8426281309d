import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import Redis from 'ioredis';
import { SharedSlots } from './shared-slots';

describe('SharedSlots: a limit on work in flight shared by every process on one Redis key', () => {
  const key = `estancia_test_slots_${randomBytes(4).toString('hex')}`;
  // Two clients stand for two worker processes.
  const first = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  const second = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  afterAll(async () => {
    await first.del(key);
    await Promise.all([first.quit(), second.quit()]);
  });

  it('never lets more than the limit run at once across processes, and runs every piece of work', async () => {
    const slots = [new SharedSlots(first, key, 3, 10_000), new SharedSlots(second, key, 3, 10_000)];
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        slots[i % 2]!.run(async () => {
          peak = Math.max(peak, ++running);
          await sleep(40);
          running--;
          done.push(i);
        }),
      ),
    );
    expect(peak).toBe(3);
    expect(done.sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
    expect(await first.zcard(key)).toBe(0);
  });

  it('frees a slot when its work fails, and gives back the slot of a holder that died once its lease ends', async () => {
    const slots = new SharedSlots(first, key, 1, 10_000);
    await expect(slots.run(() => Promise.reject(new Error('engine down')))).rejects.toThrow('engine down');
    expect(await first.zcard(key)).toBe(0);

    // A process that died holding the only slot: its lease (300 ms) is all it keeps it for.
    const dying = new SharedSlots(second, key, 1, 300);
    let release!: () => void;
    const held = dying.run(() => new Promise<void>((resolve) => (release = resolve)));
    await sleep(20);
    const started = Date.now();
    await new SharedSlots(first, key, 1, 10_000).run(async () => undefined);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    release();
    await held;
  });

  it('stops waiting when the caller gives up', async () => {
    const slots = new SharedSlots(first, key, 1, 10_000);
    let release!: () => void;
    const held = slots.run(() => new Promise<void>((resolve) => (release = resolve)));
    await sleep(20);
    const controller = new AbortController();
    const waiting = slots.run(async () => 'ran', controller.signal);
    controller.abort();
    await expect(waiting).rejects.toThrow(/abort/i);
    release();
    await held;
    expect(await first.zcard(key)).toBe(0);
  });
});
