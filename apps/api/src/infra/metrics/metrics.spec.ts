import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Request } from 'express';
import { routeLabel } from './http-metrics';
import { METRICS, MetricsService } from './metrics.service';

const DASHBOARD = join(__dirname, '../../../../../docker/grafana/estancia-dashboard.json');

interface Panel {
  type: string;
  title: string;
  datasource?: { uid?: string };
  targets?: { expr: string }[];
}

/** A service with one sample in every series, so each metric's labels show in its values. */
async function exposed(): Promise<Map<string, Set<string>>> {
  const metrics = new MetricsService();
  metrics.observeRequest('GET', '/data/project/:id', 200, 0.01);
  await metrics.timeJob('mail.send', async () => undefined);
  metrics.renderFinished('builtin', 'succeeded');
  metrics.creditsSpent('decoration', 2);
  metrics.countSocketsWith(() => 3);
  metrics.readQueuesWith(async () => [
    { queue: 'mail.send', counts: { waiting: 1, active: 0, delayed: 0, failed: 0 } },
  ]);
  const names = new Map<string, Set<string>>();
  for (const metric of await metrics.registry.getMetricsAsJSON()) {
    const labels = new Set(metric.values.flatMap((v) => Object.keys(v.labels)));
    const series =
      // the typings call it a numeric enum; prom-client stores the type's name
      String(metric.type) === 'histogram'
        ? ['_bucket', '_sum', '_count'].map((suffix) => `${metric.name}${suffix}`)
        : [metric.name];
    for (const name of series) names.set(name, labels);
  }
  return names;
}

describe('the metrics registry', () => {
  it('exposes the product series and the process metrics under one prefix', async () => {
    const names = await exposed();
    for (const name of Object.values(METRICS))
      expect([...names.keys()].some((n) => n === name || n === `${name}_count`)).toBe(true);
    expect(names.get('estancia_http_request_duration_seconds_bucket')).toEqual(
      new Set(['le', 'method', 'route', 'status']),
    );
    expect(names.has('estancia_process_cpu_user_seconds_total')).toBe(true);
    expect([...names.keys()].every((name) => name.startsWith('estancia_'))).toBe(true);
  });

  it('times a job attempt as completed or failed, and passes its error on', async () => {
    const metrics = new MetricsService();
    await metrics.timeJob('mail.send', async () => 'sent');
    await expect(metrics.timeJob('mail.send', () => Promise.reject(new Error('smtp down')))).rejects.toThrow(
      'smtp down',
    );
    const text = await metrics.text();
    expect(text).toContain('estancia_job_duration_seconds_count{queue="mail.send",outcome="completed"} 1');
    expect(text).toContain('estancia_job_duration_seconds_count{queue="mail.send",outcome="failed"} 1');
  });

  it('leaves the queue gauge empty when the queues cannot be read', async () => {
    const metrics = new MetricsService();
    metrics.readQueuesWith(async () => null);
    expect(await metrics.text()).not.toMatch(/^estancia_queue_jobs\{/m);
  });
});

describe('the route label', () => {
  const req = (originalUrl: string, route?: { path: string }, baseUrl = '') =>
    ({ originalUrl, route, baseUrl }) as unknown as Request;

  it('is the pattern Express matched, never the URL', () => {
    expect(routeLabel(req('/data/project/8f0c?x=1', { path: '/data/project/:id' }))).toBe(
      '/data/project/:id',
    );
    expect(routeLabel(req('/data/nothing/here'))).toBe('unmatched');
    expect(routeLabel(req('/backoffice/assets/index-1.js'))).toBe('static');
  });
});

describe('the Grafana dashboard', () => {
  const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as {
    schemaVersion: number;
    templating: { list: { name: string; type: string; query: string }[] };
    panels: Panel[];
  };
  const panels = dashboard.panels.filter((p) => p.type !== 'row');

  it('picks its Prometheus data source from a variable', () => {
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(39);
    expect(dashboard.templating.list).toContainEqual(
      expect.objectContaining({ name: 'datasource', type: 'datasource', query: 'prometheus' }),
    );
    for (const panel of panels) expect(panel.datasource?.uid).toBe('${datasource}');
  });

  it('queries only series the registry exposes, with labels they carry', async () => {
    const names = await exposed();
    const problems: string[] = [];
    for (const panel of panels) {
      if (!panel.targets?.length) problems.push(`${panel.title}: no query`);
      for (const { expr } of panel.targets ?? []) {
        const used = [...new Set(expr.match(/\bestancia_\w+/g) ?? [])];
        if (!used.length) problems.push(`${panel.title}: ${expr} names no metric`);
        const unknown = used.filter((name) => !names.has(name));
        if (unknown.length) problems.push(`${panel.title}: ${unknown.join(', ')} not exposed`);
        // labels grouped by or matched on: the metrics' own, histogram buckets' le, and Prometheus's target labels
        const carried = new Set(['le', 'instance', 'job', ...used.flatMap((n) => [...(names.get(n) ?? [])])]);
        const grouped = [...expr.matchAll(/\bby \(([^)]*)\)/g)].flatMap((m) => m[1]!.split(/,\s*/));
        const matched = [...expr.matchAll(/(\w+)(?:=~|!~|!=|=)"/g)].map((m) => m[1]!);
        const missing = [...grouped, ...matched].filter((label) => !carried.has(label));
        if (missing.length)
          problems.push(`${panel.title}: labels ${missing.join(', ')} not on ${used.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
    // every part of the issue has its panel
    for (const name of Object.values(METRICS))
      expect(panels.some((p) => p.targets?.some((t) => t.expr.includes(name)))).toBe(true);
  });
});
