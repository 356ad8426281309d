#!/usr/bin/env node
// Runs tools/cluster (nginx, api and worker processes) for a jest test, which cannot import ES modules
// itself. Options come as JSON in CLUSTER_OPTIONS (startCluster's options minus the functions); it
// prints the processes' lines as `[name] line` and its own news as `@cluster {json}` lines:
//   {"event":"ready", url, apis:[{name,port,url,pid}], workers:[...], nginx:{pid,dir}, storage}
//   {"event":"exit", name, role, code, signal}      a member stopped while the cluster runs
//   {"event":"failed", message}                      the start failed (then it exits 1)
//   {"event":"stopped"}                              after stop(), just before it exits 0
// It stops the cluster when its stdin closes (the test is done, or died) or on SIGTERM.
import { startCluster } from '../../../../tools/cluster/cluster.mjs';

const news = (event) => process.stdout.write(`@cluster ${JSON.stringify(event)}\n`);
const options = JSON.parse(process.env.CLUSTER_OPTIONS ?? '{}');

let cluster = null;
let starting = Promise.resolve();
let stopping = null;
// A stop asked for during the start waits for it, so what it started is stopped too.
const stop = () =>
  (stopping ??= (async () => {
    await starting.catch(() => undefined);
    if (cluster) await cluster.stop();
    news({ event: 'stopped' });
    process.exit(0);
  })());

process.stdin.on('data', () => undefined);
process.stdin.on('end', () => void stop());
process.on('SIGTERM', () => void stop());

const member = ({ role, name, port, url, child }) => ({ role, name, port, url, pid: child.pid });

try {
  starting = startCluster({
    ...options,
    output: (label, line, stream) =>
      process.stdout.write(`[${label}${stream === 'stderr' ? '!' : ''}] ${line}\n`),
    onExit: ({ role, name }, code, signal) => news({ event: 'exit', role, name, code, signal }),
  });
  cluster = await starting;
} catch (error) {
  news({ event: 'failed', message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}
if (stopping) await stopping;

news({
  event: 'ready',
  url: cluster.url,
  apis: cluster.apis.map(member),
  workers: cluster.workers.map(member),
  nginx: { pid: cluster.nginx.child.pid, dir: cluster.nginx.dir },
  storage: cluster.storage,
});
