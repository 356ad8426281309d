import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { parse } from 'yaml';

/**
 * docker/compose.yml against the Compose Specification's JSON schema (docker/compose-spec.schema.json,
 * as shipped in the dclint npm package: compose-spec/compose-spec schema/compose-spec.json), plus the
 * shape issue 17 asks for: a proxy in front of replicated api and worker services.
 */
const DOCKER = join(__dirname, '../../../docker');
const ESTANCIA_IMAGE = 'estancia:latest';

type Service = {
  image?: string;
  build?: unknown;
  ports?: unknown[];
  deploy?: { replicas?: unknown };
  healthcheck?: { test?: unknown; disable?: boolean };
  volumes?: unknown[];
};
type Compose = { services?: Record<string, Service> };

// The schema names https://json-schema.org/draft-07/schema, which Ajv knows only under its http id:
// the schema itself is not checked against the meta-schema, the documents are checked against it.
const validate = new Ajv({ strict: false, allErrors: true, validateSchema: false }).compile(
  JSON.parse(readFileSync(join(DOCKER, 'compose-spec.schema.json'), 'utf8')),
);

/** The file as Compose reads it: `<<` merge keys resolved. */
const load = (text: string): Compose => parse(text, { merge: true }) as Compose;
const composeText = readFileSync(join(DOCKER, 'compose.yml'), 'utf8');

function schemaErrors(doc: unknown): string[] {
  return validate(doc)
    ? []
    : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
}

/** What the production shape needs beyond a valid file; each problem as a sentence. */
function shapeProblems(doc: Compose): string[] {
  const services = doc.services ?? {};
  const problems: string[] = [];
  if (!services.proxy) problems.push('no proxy service');
  else if (!services.proxy.ports?.length) problems.push('the proxy publishes no port');
  for (const name of ['api', 'worker']) {
    const replicas = services[name]?.deploy?.replicas;
    if (!Number.isInteger(replicas) || (replicas as number) < 2)
      problems.push(`${name} deploy.replicas is ${JSON.stringify(replicas)}, not an integer >= 2`);
  }
  if (services.api?.ports?.length) problems.push('api publishes a host port (replicas cannot share it)');
  for (const [name, service] of Object.entries(services)) {
    if (service.image !== ESTANCIA_IMAGE) continue;
    if (!service.healthcheck?.test || service.healthcheck.disable)
      problems.push(`${name} (estancia image) has no healthcheck`);
  }
  return problems;
}

/** A copy of the real file with one service changed. */
function mutated(change: (services: Record<string, Service>) => void): Compose {
  const doc = load(composeText);
  change(doc.services as Record<string, Service>);
  return doc;
}

describe('docker/compose.yml', () => {
  const compose = load(composeText);

  it('is valid against the Compose Specification', () => {
    expect(schemaErrors(compose)).toEqual([]);
  });

  it('has the production shape: proxy, replicated api and workers, health checks', () => {
    expect(shapeProblems(compose)).toEqual([]);
    const services = compose.services ?? {};
    expect(services.proxy.image).toMatch(/^nginx:/);
    expect(services.proxy.volumes).toContain('./nginx.conf:/etc/nginx/nginx.conf:ro');
    for (const name of ['api', 'worker'])
      expect(JSON.stringify(services[name].healthcheck?.test)).toContain('/health/ready');
  });

  it.each([
    ['an unknown service key', (s: Record<string, Service>) => Object.assign(s.api, { healtcheck: {} })],
    [
      'replicas as a list',
      (s: Record<string, Service>) => Object.assign(s.api, { deploy: { replicas: [2] } }),
    ],
    [
      'an unknown depends_on condition',
      (s: Record<string, Service>) =>
        Object.assign(s.proxy, { depends_on: { api: { condition: 'service_happy' } } }),
    ],
    ['ports as a map', (s: Record<string, Service>) => Object.assign(s.proxy, { ports: { 3000: 80 } })],
  ])('the schema rejects %s', (_, change) => {
    expect(schemaErrors(mutated(change)).length).toBeGreaterThan(0);
  });

  it.each([
    [
      'replicas "two"',
      (s: Record<string, Service>) => Object.assign(s.api, { deploy: { replicas: 'two' } }),
      'api deploy.replicas',
    ],
    [
      'one worker',
      (s: Record<string, Service>) => Object.assign(s.worker, { deploy: { replicas: 1 } }),
      'worker deploy.replicas',
    ],
    [
      'a host port on api',
      (s: Record<string, Service>) => Object.assign(s.api, { ports: ['3000:3000'] }),
      'api publishes',
    ],
    [
      'no healthcheck on the worker',
      (s: Record<string, Service>) => delete s.worker.healthcheck,
      'worker (estancia image)',
    ],
    ['no proxy', (s: Record<string, Service>) => delete s.proxy, 'no proxy'],
  ])('the shape check rejects %s', (_, change, problem) => {
    expect(shapeProblems(mutated(change)).join('\n')).toContain(problem);
  });
});

describe('docker/nginx.conf', () => {
  const conf = readFileSync(join(DOCKER, 'nginx.conf'), 'utf8');

  it('is sticky, upgrades WebSockets and keeps /metrics internal', () => {
    expect(conf).toMatch(/^\s*(ip_hash|hash \$remote_addr consistent);/m);
    expect(conf).toMatch(/server api:3000\b/);
    expect(conf).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(conf).toMatch(/location ~\* \^\/metrics\(\/\|\$\) \{\s*return 404;/);
  });
});
