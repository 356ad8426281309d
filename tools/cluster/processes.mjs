// Child processes of the cluster: started in their own process group, output prefixed line by line,
// stopped by signal with a deadline.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** Writes `[label] line` to the console; stderr lines go to stderr. */
export function consoleOutput(label, line, stream) {
  (stream === 'stderr' ? process.stderr : process.stdout).write(`[${label}] ${line}\n`);
}

/**
 * Spawns `command` detached (the terminal's Ctrl-C reaches only the parent, which stops children in
 * order) and feeds each output line to `output(label, line, stream)`. The last lines are kept in
 * `child.recentOutput` so a failed start can show why.
 */
export function spawnLabelled(label, command, args, { cwd, env, output = consoleOutput, keep = 40 } = {}) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.label = label;
  child.recentOutput = [];
  for (const stream of ['stdout', 'stderr']) {
    createInterface({ input: child[stream], crlfDelay: Infinity }).on('line', (line) => {
      child.recentOutput.push(line);
      if (child.recentOutput.length > keep) child.recentOutput.shift();
      output(label, line, stream);
    });
  }
  // A missing binary surfaces as an exit, like any other failed start.
  child.once('error', (error) => {
    output(label, error.message, 'stderr');
    const alreadyExited = hasExited(child);
    child.spawnError = error;
    if (!alreadyExited) child.emit('exit', 127, null);
  });
  return child;
}

export const hasExited = (child) =>
  Boolean(child.spawnError) || child.exitCode !== null || child.signalCode !== null;

/** Resolves when the child has exited (at once when it already has). */
export function exited(child) {
  return new Promise((done) => {
    if (hasExited(child)) return done();
    child.once('exit', () => done());
  });
}

/** Sends `signal` to the child's whole process group, or to the child alone when that fails. */
export function signalGroup(child, signal) {
  if (hasExited(child)) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

/**
 * Sends `signal` (SIGTERM: the api and the worker drain first), then SIGKILL to the group after
 * `graceMs`; resolves once the child has exited.
 */
export async function stopChild(child, { signal = 'SIGTERM', graceMs = 30000 } = {}) {
  if (hasExited(child)) return;
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
  signalGroup(child, signal);
  await exited(child);
  clearTimeout(timer);
}

/**
 * Polls `url` until it answers 2xx (503: not ready yet). Resolves 'ready', or rejects with the reason
 * (the child exited, or the time ran out).
 */
export async function waitForReady(url, child, { timeoutMs = 180000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited(child)) {
      const how = child.spawnError?.message ?? child.signalCode ?? `exit code ${child.exitCode}`;
      throw new Error(`${child.label ?? 'the process'} stopped (${how}) before it was ready`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.ok) return 'ready';
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(
    `${child.label ?? 'the process'} did not answer ${url} within ${Math.round(timeoutMs / 1000)} s`,
  );
}
