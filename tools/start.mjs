#!/usr/bin/env node
// `npm start`: the whole product on one machine with no configuration (ARCHITECTURE section 2).
// Plain Node 20 ESM so it runs before anything is built.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createLauncher, root } from './launcher.mjs';
import { portTaken } from './services.mjs';

const { env, log, cleanups, shutdown, fail, stopping, services } = createLauncher({
  tag: 'start',
  stoppingLine: 'Stopping Estancia...',
});

/** Kills a detached child's whole process group, then waits for it to go (SIGKILL after `graceMs`). */
function stopChild(child, graceMs) {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    signalGroup(child, 'SIGTERM');
  });
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

/** host:port/path of a service URL, never its credentials. */
/** `nx run-many -t build`: Nx replays cached outputs, so only what changed is rebuilt. Quiet unless it fails. */
async function build() {
  if (env.SKIP_BUILD === '1' || env.SKIP_BUILD === 'true') {
    log('Skipping the build (SKIP_BUILD)');
    return;
  }
  log('Building what changed (api, web, admin, libs)...');
  const child = spawn('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static'], {
    cwd: root,
    // No daemon and no isolated plugin workers: every build process stays in this one process group,
    // so Ctrl-C can stop all of it.
    env: {
      ...env,
      NX_DAEMON: 'false',
      NX_ISOLATE_PLUGINS: 'false',
      NX_TUI: 'false',
      NX_NO_CLOUD: 'true',
      FORCE_COLOR: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const stop = () => stopChild(child, 5000);
  cleanups.push(stop);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise((done) => child.once('close', (status) => done(status ?? 1)));
  cleanups.splice(cleanups.indexOf(stop), 1);
  if (stopping()) return;
  if (code !== 0) await fail(`${output}\nThe build failed (output above). Fix it and run npm start again.`);
}

/** Polls the health check; a 404 means the API is up without it, so waiting longer would not help. */
async function waitForHealth(url, api, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (api.exitCode !== null || api.signalCode !== null) return 'exited';
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return 'healthy';
      if (response.status === 404) return `answered 404 on ${url}`;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 300));
  }
  return `did not answer ${url} within ${Math.round(timeoutMs / 1000)} s`;
}

async function main() {
  const port = Number(env.PORT ?? 3000);
  // npm start waits for the health check on this port, so 0 (any free port) cannot be used here.
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    return fail(`PORT must be 1-65535 (got ${env.PORT}).`);
  const host = env.HOST ?? '0.0.0.0';
  const found = await services();
  if (!found) return;
  const { database, redis, secrets, staff, generated } = found;

  await build();
  if (stopping()) return;
  const mainJs = join(root, 'apps/api/dist/main.js');
  if (!existsSync(mainJs)) return fail(`${mainJs} is missing: run without SKIP_BUILD so the API is built.`);

  const taken = await portTaken(host, port);
  if (stopping()) return;
  if (taken) {
    return fail(`Port ${port} is already in use. Stop what uses it, or choose another: PORT=3001 npm start`);
  }

  const apiEnv = {
    ...env,
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    JWT_SECRET: env.JWT_SECRET ?? secrets.jwtSecret,
    ADMIN_PASSWORD: staff.adminPassword,
    DECORATOR_PASSWORD: staff.decoratorPassword,
  };
  log(`Starting the API (ROLE=${env.ROLE ?? 'all'})...`);
  // Its own process group: the terminal's Ctrl-C reaches only us, and we stop it in order.
  const api = spawn(process.execPath, [mainJs], { cwd: root, env: apiEnv, stdio: 'inherit', detached: true });
  // The api drains open requests and running jobs for SHUTDOWN_GRACE_SECONDS before it exits by itself.
  cleanups.push(() => stopChild(api, (Number(env.SHUTDOWN_GRACE_SECONDS) || 25) * 1000 + 5000));
  api.once('exit', (code, signal) => {
    if (stopping()) return;
    log(`The API stopped (${signal ?? `exit code ${code}`}).`);
    void shutdown(code || 1);
  });

  const probeHost = ['0.0.0.0', '::', ''].includes(host)
    ? '127.0.0.1'
    : host.includes(':')
      ? `[${host}]`
      : host;
  const health = await waitForHealth(`http://${probeHost}:${port}/data/project/healthCheck`, api, 180000);
  if (stopping()) return;
  if (health !== 'healthy') return fail(`The API ${health} (its log is above).`);

  const base = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const mail =
    env.MAIL_TRANSPORT === 'smtp'
      ? 'sent through SMTP (SMTP_URL), and kept in the outbox of the staff console'
      : 'not sent: they land in the outbox of the staff console (menu Outbox)';
  console.log(
    [
      '',
      // The API printed the URLs just above; these are what only the start script knows.
      `Staff sign-in at ${base}/backoffice/`,
      `  Admin           ${staff.adminEmail}  /  ${staff.adminPassword}`,
      `  Decorator       ${staff.decoratorEmail}  /  ${staff.decoratorPassword}`,
      ...(generated ? [generated] : []),
      '',
      `  E-mails are ${mail}.`,
      '',
      'Press Ctrl-C to stop everything.',
      '',
    ].join('\n'),
  );
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
