// nginx in front of the api processes for `npm run start:cluster`: Debian's package, run as the current
// user with every file it writes (logs, pid, temp files) under one folder.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { userInfo } from 'node:os';
import { delimiter, join } from 'node:path';
import { hasExited, spawnLabelled, stopChild } from './processes.mjs';

/** Multipart uploads are up to 5 photos of 2 MB and JSON bodies up to 5 MB (app.factory.ts): above both,
 * so the API's own translated "too large" errors reach the user instead of nginx's HTML 413. */
export const CLIENT_MAX_BODY_SIZE = '32m';

/** /usr/sbin/nginx (Debian), else the first nginx on PATH; null when there is none. */
export function findNginx() {
  const candidates = [
    '/usr/sbin/nginx',
    ...(process.env.PATH ?? '').split(delimiter).map((dir) => dir && join(dir, 'nginx')),
  ];
  return candidates.find((path) => path && existsSync(path)) ?? null;
}

/** A path as an nginx string, so a folder with spaces works. */
const quoted = (path) => `"${path.replace(/["\\]/g, '\\$&')}"`;

/**
 * The configuration text. `upstreams` are "host:port" of the api processes. `sticky`:
 * - 'address' (default): `hash $remote_addr consistent`, keyed on the whole client address;
 * - 'ip_hash': keyed on the first three octets, so every 127.0.0.x client lands on one process.
 * Either keeps a Socket.IO polling session on the process that made its sid.
 */
export function nginxConf({
  dir,
  port,
  upstreams,
  host = '127.0.0.1',
  sticky = 'address',
  workerProcesses = 1,
}) {
  if (!upstreams?.length) throw new Error('nginxConf needs at least one upstream');
  const runsAsRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const listen = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
  const temp = (name) => quoted(join(dir, 'temp', name));
  return `# Written by tools/cluster/nginx.mjs for npm run start:cluster; rewritten at every start.
${runsAsRoot ? `# Started as root: the workers stay root too, so they can use this folder.\nuser ${userInfo().username};\n` : ''}worker_processes ${workerProcesses};
# Each proxied WebSocket holds two connections (client and upstream): room for a few thousand clients.
worker_rlimit_nofile 16384;
error_log ${quoted(join(dir, 'logs', 'error.log'))} warn;
error_log stderr warn;

events {
  worker_connections 8192;
}

http {
  # Which api process answered each request, for following a session across processes.
  log_format estancia '$remote_addr [$time_local] "$request" $status $body_bytes_sent '
                      'upstream=$upstream_addr $upstream_response_time';
  access_log ${quoted(join(dir, 'logs', 'access.log'))} estancia;
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  server_tokens off;

  # WebSocket upgrade for Socket.IO; plain requests keep the upstream connection alive.
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' '';
  }

  upstream estancia_api {
    ${sticky === 'ip_hash' ? 'ip_hash;' : 'hash $remote_addr consistent;'}
${upstreams.map((address) => `    server ${address} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }

  server {
    listen ${listen};
    client_max_body_size ${CLIENT_MAX_BODY_SIZE};

    proxy_http_version 1.1;
    proxy_set_header Host $http_host;
    # nginx is the edge: the client's own X-Forwarded-For is replaced, so it cannot pick its address
    # for the API's per-address rate limits (TRUST_PROXY=true believes this header).
    proxy_set_header X-Forwarded-For $remote_addr;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Forwarded-Host $http_host;
    proxy_set_header X-Real-IP $remote_addr;
    proxy_set_header Upgrade $http_upgrade;
    proxy_set_header Connection $connection_upgrade;
    proxy_connect_timeout 5s;
    proxy_send_timeout 120s;
    proxy_read_timeout 120s;
    # A process that refuses (stopped, draining) passes the request to another; POSTs are never replayed.
    proxy_next_upstream error timeout;

    # Prometheus scrapes each process directly on the internal network; never through the proxy.
    # Case-insensitive: Express routes /METRICS to the same handler.
    location ~* ^/metrics(/|$) {
      return 404;
    }

    location /socket.io/ {
      proxy_pass http://estancia_api;
      # Engine.IO pings every 25 s, so a quiet connection still moves within this.
      proxy_read_timeout 75s;
      proxy_buffering off;
    }

    location / {
      proxy_pass http://estancia_api;
    }
  }
}
`;
}

/** Creates `dir` with its logs/ and temp/ folders and writes nginx.conf there; returns the file's path. */
export function writeNginxConf({ dir, ...options }) {
  for (const sub of ['logs', 'temp']) mkdirSync(join(dir, sub), { recursive: true });
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, nginxConf({ dir, ...options }));
  return file;
}

const portAnswers = (host, port) =>
  new Promise((done) => {
    const socket = createConnection({ host, port });
    socket.setTimeout(1000, () => {
      socket.destroy();
      done(false);
    });
    socket.once('error', () => done(false));
    socket.once('connect', () => {
      socket.end();
      done(true);
    });
  });

/**
 * Starts nginx in the foreground (`daemon off`) with `-p dir -c conf`, its pid file in `dir`, and waits
 * until it accepts connections on host:port. Returns { child, conf, dir, stop() }; stop() asks for a
 * graceful quit (open requests finish) and kills it after `graceMs`.
 */
export async function startNginx({
  dir,
  conf = join(dir, 'nginx.conf'),
  port,
  host = '127.0.0.1',
  nginx = findNginx(),
  output,
  timeoutMs = 15000,
  graceMs = 10000,
}) {
  if (!nginx) throw new Error('nginx is not installed: sudo apt-get install -y nginx (Debian/Ubuntu)');
  const child = spawnLabelled(
    'nginx',
    nginx,
    [
      '-p',
      dir,
      '-c',
      conf,
      '-e',
      join(dir, 'logs', 'error.log'),
      '-g',
      `daemon off; pid ${quoted(join(dir, 'nginx.pid'))};`,
    ],
    { output },
  );
  const stop = () => stopChild(child, { signal: 'SIGQUIT', graceMs });
  const probeHost = ['0.0.0.0', '::', ''].includes(host) ? '127.0.0.1' : host;
  const deadline = Date.now() + timeoutMs;
  while (!(await portAnswers(probeHost, port))) {
    if (hasExited(child)) {
      throw new Error(
        `nginx stopped at start (${child.recentOutput.join(' ').trim() || `see ${dir}/logs/error.log`})`,
      );
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not listen on ${probeHost}:${port} within ${timeoutMs / 1000} s`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return { child, conf, dir, stop };
}
