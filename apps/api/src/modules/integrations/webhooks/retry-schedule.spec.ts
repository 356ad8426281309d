import { retryDelayMs } from './retry-schedule';

describe('retryDelayMs', () => {
  const minute = 60_000;
  const production = [1, 5, 30, 120, 300, 480].map((m) => m * minute);

  it('waits each configured delay in turn after each failed attempt', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n, production))).toEqual(production);
  });

  it('repeats the last delay once the list is used up', () => {
    expect(retryDelayMs(7, production)).toBe(480 * minute);
    expect(retryDelayMs(30, production)).toBe(480 * minute);
  });

  it('makes eight attempts within the 24-hour window with the production schedule', () => {
    let elapsed = 0;
    let attempts = 1;
    while (elapsed + retryDelayMs(attempts, production) <= 24 * 60 * minute) {
      elapsed += retryDelayMs(attempts, production);
      attempts++;
    }
    expect(attempts).toBe(8);
  });
});
