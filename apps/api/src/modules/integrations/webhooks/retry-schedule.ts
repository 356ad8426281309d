/**
 * The wait after the `attemptsMade`-th failed attempt: the configured delays in turn, the last one
 * repeated (the delivery stops when the next attempt would fall past its retry window).
 */
export function retryDelayMs(attemptsMade: number, delays: readonly number[]): number {
  return delays[Math.min(Math.max(attemptsMade, 1), delays.length) - 1] ?? 0;
}
