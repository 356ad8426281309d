// Small helpers shared by the benchmarks: timing, percentiles, the table, and loading the compiled API.
// Figures are printed, never asserted (ARCHITECTURE section 6).
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const apiDir = join(root, 'apps/api');

/** `require` as the API resolves it, so the benches share the API's copies of pg, typeorm and argon2. */
export const apiRequire = createRequire(join(apiDir, 'package.json'));

/** Stops the whole run with a message for the user (no stack): the runner prints it and exits 1. */
export class BenchAbort extends Error {}

/** Set by the runner on Ctrl-C: measurement loops stop after their current call, then cleanup runs. */
export const interruption = { requested: false };

export function stopIfInterrupted() {
  if (interruption.requested) throw new BenchAbort('interrupted');
}

/** Loads a module of the compiled API (`apps/api/dist/...`, CommonJS); warns when its source is newer. */
export function requireApi(distPath) {
  if (!existsSync(join(apiDir, 'dist'))) throw new BenchAbort('run `npm run build` first');
  const file = join(apiDir, distPath);
  if (!existsSync(file)) throw new BenchAbort(`${distPath} is missing: run \`npm run build\` first`);
  const source = join(apiDir, distPath.replace(/^dist\//, 'src/').replace(/\.js$/, '.ts'));
  if (existsSync(source) && statSync(source).mtimeMs > statSync(file).mtimeMs) {
    console.log(`  note: ${distPath} is older than its source; run \`npm run build\` for current figures`);
  }
  return apiRequire(file);
}

/** Linear-interpolated percentile (0..100) of an ascending array. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const at = (p / 100) * (sorted.length - 1);
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low] + (sorted[high] - sorted[low]) * (at - low);
}

/** Median, p95, p99 and throughput of per-operation samples (ms) taken over `wallMs`. */
export function summarize(samples, wallMs) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    opsPerSec: sorted.length / (wallMs / 1000),
  };
}

/**
 * Runs `fn(worker, index)` `runs` times (or until `maxMs` has passed, whichever comes first) from
 * `concurrency` workers sharing one counter, timing each call. Latency is what each caller sees
 * (including any wait for a pooled resource); ops/s is completed calls over the wall time.
 */
export async function measure(fn, { runs, concurrency = 1, maxMs = Infinity }) {
  const samples = [];
  let started = 0;
  let failure;
  const start = performance.now();
  const deadline = start + maxMs;
  const worker = async (w) => {
    while (!failure && started < runs && performance.now() < deadline && !interruption.requested) {
      const index = started++;
      const t0 = performance.now();
      try {
        const result = fn(w, index);
        if (result && typeof result.then === 'function') await result;
      } catch (error) {
        failure ??= error; // the other workers stop after their current call, then it is thrown
      }
      samples.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, runs) }, (_, w) => worker(w)));
  if (failure) throw failure;
  return summarize(samples, performance.now() - start);
}

/**
 * One group: warm every case up, interleaved with the baseline (`rounds` x `warmup` calls each),
 * then measure the baseline and right after it each case, in the same process. A case may set its
 * own `runs`, `maxMs` and `warmup` (a microsecond baseline needs more calls than a 100 ms case).
 */
export async function runGroup({
  baseline,
  cases,
  runs,
  concurrency = 1,
  maxMs = Infinity,
  warmup = 0,
  rounds = 2,
}) {
  const all = [baseline, ...cases];
  const bounds = (c) => ({ runs: c.runs ?? runs, concurrency, maxMs: c.maxMs ?? maxMs });
  for (let round = 0; round < rounds; round++) {
    for (const c of all) {
      const count = c.warmup ?? warmup;
      if (count > 0) await measure(c.fn, { ...bounds(c), runs: count });
      stopIfInterrupted();
    }
  }
  const rows = [];
  for (const c of all) {
    rows.push({ name: c.name, ...(await measure(c.fn, bounds(c))) });
    stopIfInterrupted();
  }
  const base = rows[0];
  return rows.map((row) => ({
    ...row,
    medianRatio: row.median / base.median,
    opsRatio: row.opsPerSec / base.opsPerSec,
  }));
}

/** Milliseconds with enough digits to be read at any magnitude. */
export function formatMs(ms) {
  if (!Number.isFinite(ms)) return '-';
  if (ms < 0.01) return ms.toFixed(4);
  if (ms < 1) return ms.toFixed(3);
  if (ms < 100) return ms.toFixed(2);
  return ms.toFixed(1);
}

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
/** Operations per second, grouped and without decimals from 100 up. */
export const formatOps = (ops) => (ops < 100 ? ops.toFixed(1) : grouped.format(ops));
const formatRatio = (r) => {
  if (r >= 100) return `${grouped.format(r)}x`;
  if (r >= 0.01) return `${r.toFixed(2)}x`;
  return `${r.toPrecision(2)}x`;
};

/** Prints a plain-text table; `rows` are arrays of strings, `align` is 'l' or 'r' per column. */
export function printTable(headers, rows, align) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells.map((c, i) => (align[i] === 'r' ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  console.log(`  ${line(headers)}`);
  console.log(`  ${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of rows) console.log(`  ${line(r)}`);
}

/** The result table of one group: the first row is the baseline. */
export function printResults(title, rows) {
  console.log(`\n  ${title}`);
  printTable(
    ['case', 'runs', 'median ms', 'p95 ms', 'p99 ms', 'ops/s', 'median vs base', 'ops/s vs base'],
    rows.map((r, i) => [
      i === 0 ? `${r.name} (baseline)` : r.name,
      String(r.runs),
      formatMs(r.median),
      formatMs(r.p95),
      formatMs(r.p99),
      formatOps(r.opsPerSec),
      i === 0 ? '1.00x' : formatRatio(r.medianRatio),
      i === 0 ? '1.00x' : formatRatio(r.opsRatio),
    ]),
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
  );
}
