#!/usr/bin/env node
// `npm run bench [-- <name>]`: runs every tools/bench/<name>.bench.mjs (or the one named) and prints,
// per group of cases, runs, median, p95 and p99 latency, ops/s and the ratio against the group's baseline,
// measured in this same process right before the cases (ARCHITECTURE section 6: figures, not assertions).
//
// A bench module exports:
//   title                       one line shown above its tables
//   setup({ defer, log })       prepares what it needs and returns a context; `defer(fn)` registers a
//                               cleanup, run in reverse order at the end, also on failure or Ctrl-C
//   groups(context)             [{ title, baseline: { name, fn }, cases: [{ name, fn }], runs,
//                               concurrency, maxMs, warmup, rounds }]; fn(worker, index) may be async
//                               and optionally onResults(rows) to keep the figures for after()
//   after(context, { log })     optional checks once everything ran; throwing fails the run
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BenchAbort, interruption, printResults, runGroup, stopIfInterrupted } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const available = readdirSync(here)
  .filter((f) => f.endsWith('.bench.mjs'))
  .sort();
const nameOf = (file) => file.slice(0, -'.bench.mjs'.length);

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const selected = wanted.length
  ? wanted.map((arg) => {
      const name = basename(arg).replace(/\.bench\.mjs$/, '');
      const file = available.find((f) => nameOf(f) === name);
      if (!file) {
        console.error(`no bench named "${arg}"; available: ${available.map(nameOf).join(', ')}`);
        process.exit(2);
      }
      return file;
    })
  : available;

const cleanups = [];
const log = (line) => console.log(`  ${line}`);

/** Runs the registered cleanups, newest first; each gets `limitMs` so a stuck one cannot hang the exit. */
async function cleanUp(limitMs = 15000) {
  while (cleanups.length) {
    const cleanup = cleanups.pop();
    let timer;
    try {
      await Promise.race([
        cleanup(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`cleanup took over ${limitMs} ms`)), limitMs);
        }),
      ]);
    } catch (error) {
      console.error(`  cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      clearTimeout(timer);
    }
  }
}

// Ctrl-C: the running calls finish, the bench stops and its cleanups run (the database is dropped).
// A second Ctrl-C exits at once.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interruption.requested) process.exit(130);
    interruption.requested = true;
    console.error(`\n${signal}: stopping after the calls in flight, then cleaning up (again to quit now)`);
    setTimeout(() => process.exit(130), 60000).unref();
  });
}

const started = performance.now();
let failed = false;
for (const file of selected) {
  const bench = await import(pathToFileURL(join(here, file)).href);
  console.log(`\n== ${nameOf(file)}: ${bench.title ?? ''}`);
  const t0 = performance.now();
  try {
    const context = await bench.setup?.({ defer: (fn) => cleanups.push(fn), log });
    for (const group of bench.groups(context)) {
      stopIfInterrupted();
      const rows = await runGroup(group);
      printResults(group.title, rows);
      group.onResults?.(rows);
      if (group.note) log(group.note);
    }
    stopIfInterrupted();
    await bench.after?.(context, { log });
  } catch (error) {
    failed = true;
    if (error instanceof BenchAbort) console.error(error.message);
    else console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  } finally {
    await cleanUp();
  }
  if (failed) process.exit(interruption.requested ? 130 : 1);
  console.log(`\n  (${nameOf(file)} took ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}
console.log(`\nall benches took ${((performance.now() - started) / 1000).toFixed(1)} s`);
