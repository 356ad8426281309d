import { describe, expect, it } from 'vitest';
import { formatRemaining, remainingMs } from './components/ExpiryCountdown';

const at = Date.parse('2025-06-01T10:00:00.000Z');
const plus = (ms: number) => new Date(at + ms).toISOString();

describe('the free try countdown', () => {
  it('starts at 15:00, not 15:01, when the browser clock is a little behind the server', () => {
    // Made by the server at 10:00:00.000; this browser still reads 09:59:59.400.
    expect(formatRemaining(remainingMs(plus(15 * 60_000), at - 600))).toBe('15:00');
    // Redecorated while the page's clock had last ticked 900 ms earlier.
    expect(formatRemaining(remainingMs(plus(15 * 60_000 + 900), at))).toBe('15:00');
  });

  it('counts down by whole seconds and stops at 0:00', () => {
    expect(formatRemaining(remainingMs(plus(15 * 60_000), at + 1))).toBe('15:00');
    expect(formatRemaining(remainingMs(plus(15 * 60_000), at + 999))).toBe('15:00');
    expect(formatRemaining(remainingMs(plus(15 * 60_000), at + 1000))).toBe('14:59');
    expect(formatRemaining(remainingMs(plus(15 * 60_000), at + 14 * 60_000 + 50_500))).toBe('0:10');
    expect(formatRemaining(remainingMs(plus(15 * 60_000), at + 16 * 60_000))).toBe('0:00');
  });
});
