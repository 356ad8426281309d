import { STATUS_CODES } from 'node:http';
import {
  apiErrorSchema,
  ErrorCode,
  INTEGRATION_HEADERS,
  WEBHOOK_EVENTS,
  WEBHOOK_RETRY_HOURS,
  webhookPayloadSchema,
  type Locale,
  type WebhookEvent,
} from '@estancia/contracts';
import { translate } from '@estancia/i18n';
import { AppError } from '../../../infra/http/app-error';
import { stoppedByMaintenance } from '../../platform/maintenance.guard';
import type { DocumentedRoute } from './api-routes';
import { DOCUMENT_TEXTS } from './operation-texts';
import { SchemaComponents, type JsonObject } from './schema-components';

export interface OpenApiSettings {
  /** Requests per key per window (config RATE_LIMIT_API_KEY / RATE_LIMIT_API_KEY_WINDOW_SECONDS). */
  rateLimit: number;
  rateLimitWindowSeconds: number;
}

/** What each webhook event means (a new entry of WEBHOOK_EVENTS fails the typecheck until it is described). */
const WEBHOOK_DESCRIPTIONS: Record<WebhookEvent, string> = {
  'decoration.ready': 'An automatic decoration finished: its result can be read and downloaded.',
  'decoration.failed': 'A decoration could not be produced.',
  'supervised.delivered': 'A decorator reviewed and delivered a supervised decoration.',
  'description.ready': 'A property description (or its regeneration) was written.',
};

/** Preferred order of the groups; others follow alphabetically. */
const TAG_ORDER = ['Projects', 'Images', 'Decorations', 'Descriptions', 'Wallet'];

const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);
const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** `the listed codes` → a Markdown list with the message of each, in the document's language. */
const describeCodes = (codes: ErrorCode[], locale: Locale) =>
  codes.map((code) => `- \`${code}\`: ${translate(locale, 'errors', code)}`).join('\n');

/**
 * The OpenAPI 3.1 document of the public API, from the routes Nest mounts and the zod contracts of their
 * @ApiDoc: nothing in it is written by hand but the prose, which is in the caller's language (es, ca, en:
 * what each operation does, the introduction and the error messages).
 */
export function buildOpenApiDocument(
  routes: DocumentedRoute[],
  settings: OpenApiSettings,
  locale: Locale = 'en',
): JsonObject {
  const texts = DOCUMENT_TEXTS[locale];
  const schemas = new SchemaComponents();
  const errorRef = schemas.ref(apiErrorSchema, 'output', 'ApiError');
  const paths: Record<string, Record<string, JsonObject>> = {};
  const operationIds = new Set<string>();

  for (const route of routes) {
    const { spec } = route;
    const where = `${route.method.toUpperCase()} ${route.route} (${route.handler})`;
    if (operationIds.has(spec.operationId))
      throw new Error(`OpenAPI: operationId "${spec.operationId}" is used twice (${where})`);
    operationIds.add(spec.operationId);
    const item = (paths[route.path] ??= {});
    if (item[route.method]) throw new Error(`OpenAPI: ${where} is mounted twice`);
    const name = pascal(spec.operationId);
    const isPost = route.method === 'post';

    const parameters: JsonObject[] = [
      ...parametersOf(schemas, 'path', route.pathParams, spec.params),
      ...(spec.query ? parametersOf(schemas, 'query', [], spec.query) : []),
      ...(isPost ? [ref('parameters', 'IdempotencyKey')] : []),
    ];

    let requestBody: JsonObject | undefined;
    if (spec.multipart) {
      const fields = spec.body ? schemas.inline(spec.body, 'input') : { properties: {}, required: [] };
      requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: {
                [spec.multipart.field]: {
                  type: 'array',
                  description: `Up to ${spec.multipart.maxFiles} image files.`,
                  // `format: binary` is what makes Swagger UI offer file pickers (3.1 alone says contentMediaType).
                  items: { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' },
                  minItems: 1,
                  maxItems: spec.multipart.maxFiles,
                },
                ...(fields.properties as JsonObject | undefined),
              },
              required: [spec.multipart.field, ...((fields.required as string[] | undefined) ?? [])],
            },
          },
        },
      };
    } else if (spec.body) {
      requestBody = {
        // The validation pipe reads a missing body as `{}`: required only if `{}` is not enough.
        required: !spec.body.safeParse({}).success,
        content: { 'application/json': { schema: schemas.ref(spec.body, 'input', `${name}Request`) } },
      };
    }

    const successHeaders: JsonObject = {
      [INTEGRATION_HEADERS.rateLimitLimit]: ref('headers', 'RateLimitLimit'),
      [INTEGRATION_HEADERS.rateLimitRemaining]: ref('headers', 'RateLimitRemaining'),
      ...(isPost && { [INTEGRATION_HEADERS.idempotentReplayed]: ref('headers', 'IdempotentReplayed') }),
    };
    const success: JsonObject = {
      description: STATUS_CODES[route.status] ?? 'Success',
      headers: successHeaders,
    };
    if (spec.binary)
      success.content = Object.fromEntries(
        [spec.binary].flat().map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
      );
    else if (spec.response)
      success.content = {
        'application/json': { schema: schemas.ref(spec.response, 'output', `${name}Response`) },
      };

    // Ids in the path are not validated (a malformed one is simply not found); bodies, queries and the
    // Idempotency-Key header are.
    const validated = Boolean(requestBody || spec.query || isPost);
    const codes = new Set<ErrorCode>([
      // Any operation: an unexpected fault (500), a service of ours down (503); writes stop in maintenance (503).
      ErrorCode.INTERNAL,
      ErrorCode.SERVICE_UNAVAILABLE,
      ...(stoppedByMaintenance(route.method, route.route) ? [ErrorCode.MAINTENANCE_MODE] : []),
      ErrorCode.API_KEY_INVALID,
      ErrorCode.API_ACCESS_REQUIRED,
      ErrorCode.ACCOUNT_BLOCKED,
      ErrorCode.RATE_LIMITED,
      ...(validated ? [ErrorCode.VALIDATION_FAILED] : []),
      ...(isPost ? [ErrorCode.IDEMPOTENCY_KEY_REUSED, ErrorCode.IDEMPOTENCY_KEY_IN_USE] : []),
      ...(spec.errors ?? []),
    ]);
    const byStatus = new Map<number, ErrorCode[]>();
    for (const code of codes) {
      const status = new AppError(code).status;
      byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
    }
    const responses: JsonObject = { [route.status]: success };
    for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
      if (status === route.status)
        throw new Error(`OpenAPI: ${where} lists an error with its success status`);
      responses[status] = {
        description: `${STATUS_CODES[status] ?? 'Error'}. The \`code\` is one of:\n\n${describeCodes(list, locale)}`,
        ...(status === 429 && {
          headers: { [INTEGRATION_HEADERS.retryAfter]: ref('headers', 'RetryAfter') },
        }),
        content: {
          'application/json': {
            schema: { allOf: [errorRef, { properties: { code: { enum: list } } }] },
          },
        },
      };
    }

    const text = texts?.operations[spec.operationId] ?? spec;
    item[route.method] = {
      tags: [spec.tag],
      operationId: spec.operationId,
      summary: text.summary,
      ...(text.description && { description: text.description }),
      ...(parameters.length && { parameters }),
      ...(requestBody && { requestBody }),
      responses,
    };
  }

  const webhooks = Object.fromEntries(
    WEBHOOK_EVENTS.map((event) => [
      event,
      { post: webhookOperation(schemas, event, texts?.webhooks[event] ?? WEBHOOK_DESCRIPTIONS[event]) },
    ]),
  );
  const tags = [...new Set(routes.map((route) => route.spec.tag))]
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((name) => ({ name }));

  const document: JsonObject = {
    openapi: '3.1.1',
    info: {
      title: 'Estancia API',
      version: '1',
      description: texts ? texts.introduction(settings) : introduction(settings),
    },
    // Relative: the server that serves this document (its PUBLIC_URL), also when framed by the app.
    servers: [{ url: '/', description: 'This Estancia server' }],
    security: [{ apiKey: [] }],
    tags: [
      ...tags,
      { name: 'Webhooks', description: texts?.webhooksTag ?? 'Calls Estancia makes to your endpoints.' },
    ],
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    webhooks,
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'est_<prefix>_<secret>',
          description:
            'An API key created on the API integration page, sent as `Authorization: Bearer <key>`.',
        },
      },
      parameters: {
        IdempotencyKey: {
          name: INTEGRATION_HEADERS.idempotencyKey,
          in: 'header',
          required: false,
          description:
            'Makes the POST safe to retry: a retry with the same key and the same request answers the first ' +
            'answer again, errors included, and moves nothing (kept 24 hours); the same key with another request ' +
            'is refused (`IDEMPOTENCY_KEY_REUSED`). A request refused as invalid (400) keeps nothing. Use a new ' +
            'random value (e.g. a UUID) for each operation.',
          schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
        },
      },
      headers: {
        IdempotentReplayed: {
          description:
            'Present (`true`) when this is the stored answer to an earlier request with the same Idempotency-Key.',
          schema: { type: 'string', const: 'true' },
        },
        RateLimitLimit: {
          description: `Requests this key may make per ${settings.rateLimitWindowSeconds}-second window.`,
          schema: { type: 'integer' },
        },
        RateLimitRemaining: {
          description: 'Requests left to this key in the current window.',
          schema: { type: 'integer' },
        },
        RetryAfter: {
          description: 'Seconds to wait before the next request.',
          schema: { type: 'integer' },
        },
      },
    },
  };
  (document.components as JsonObject).schemas = schemas.finish(document);
  return document;
}

const rank = (tag: string) => {
  const index = TAG_ORDER.indexOf(tag);
  return index === -1 ? TAG_ORDER.length : index;
};

/** Path (each `{name}` of the route) or query parameters, from the object schema that validates them. */
function parametersOf(
  schemas: SchemaComponents,
  where: 'path' | 'query',
  names: string[],
  schema: Parameters<SchemaComponents['inline']>[0] | undefined,
): JsonObject[] {
  const json = schema ? schemas.inline(schema, 'input') : {};
  if (schema && json.type !== 'object') throw new Error(`OpenAPI: ${where} parameters need an object schema`);
  const properties = (json.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  const all = where === 'path' ? names : Object.keys(properties);
  return all.map((name) => {
    const { description, ...property } = properties[name] ?? { type: 'string' };
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(typeof description === 'string' && { description }),
      schema: property,
    };
  });
}

function webhookOperation(schemas: SchemaComponents, event: WebhookEvent, description: string): JsonObject {
  return {
    tags: ['Webhooks'],
    operationId: `on${event.split('.').map(pascal).join('')}`,
    summary: event,
    description,
    security: [],
    parameters: [
      {
        name: INTEGRATION_HEADERS.signature,
        in: 'header',
        required: true,
        description:
          '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint\'s signing secret>`.',
        schema: { type: 'string', pattern: '^t=\\d+,v1=[0-9a-f]{64}$' },
      },
      {
        name: INTEGRATION_HEADERS.event,
        in: 'header',
        required: true,
        schema: { type: 'string', const: event },
      },
      {
        name: INTEGRATION_HEADERS.delivery,
        in: 'header',
        required: true,
        description:
          'The id of this delivery (each attempt of the same event keeps the event id in the body).',
        schema: { type: 'string' },
      },
    ],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            allOf: [
              schemas.ref(webhookPayloadSchema, 'output', 'WebhookPayload'),
              { properties: { type: { const: event } } },
            ],
          },
        },
      },
    },
    responses: {
      '2XX': {
        description: 'Received. Any other answer (or none within the timeout) is retried with backoff.',
      },
    },
  };
}

function introduction({ rateLimit, rateLimitWindowSeconds }: OpenApiSettings): string {
  return [
    'Stage room photos from your own software: create projects, upload photos (files or https URLs), order',
    'automatic or supervised decorations, read their progress and download the results, write property',
    'descriptions and read the wallet. The same rules, credits and plan rights as the Estancia app apply.',
    '',
    '## Authentication',
    'Create an API key on the **API integration** page (plans with API access) and send it as',
    '`Authorization: Bearer est_…`. A key reaches only its owner’s data, and stops working at once when it is',
    'revoked or rotated or the plan loses API access (`401 API_KEY_INVALID`, `403 API_ACCESS_REQUIRED`), and',
    'while the account is blocked (`403 ACCOUNT_BLOCKED`).',
    '',
    '## Idempotency',
    'Every POST accepts an `Idempotency-Key` header. A retry with the same key and the same request answers the',
    'first answer again (with `Idempotent-Replayed: true`), errors included, and moves nothing, even when retries',
    'arrive at the same time; the same key with another request is refused with `IDEMPOTENCY_KEY_REUSED`. Two',
    'requests are the same when their parsed bodies are (member order and defaults spelled out do not matter).',
    'A request refused as invalid (`400 VALIDATION_FAILED`) keeps nothing: fix it and retry with the same key.',
    '',
    '## Rate limits',
    `Each key may make ${rateLimit} requests every ${rateLimitWindowSeconds} seconds. Every answer tells`,
    '`RateLimit-Limit` and `RateLimit-Remaining`; over the limit the answer is `429 RATE_LIMITED` with',
    '`Retry-After` (seconds).',
    '',
    '## Errors',
    'Every error answers `{ "code", "message", "fields"? }`: `code` is stable, `message` follows',
    '`Accept-Language` (es, ca, en) and `fields` flags invalid fields.',
    '',
    '## Webhooks',
    'Register https endpoints and pick events on the API integration page. Each delivery is a POST of a JSON',
    `event (see *Webhooks* below), retried with backoff for ${WEBHOOK_RETRY_HOURS} hours until your endpoint`,
    'answers 2xx; deduplicate by the event `id`. Verify `Estancia-Signature: t=<unix seconds>,v1=<hex>`: compute',
    'HMAC-SHA256 of `<t>.<raw body>` with the endpoint’s signing secret, compare it to `v1` in constant time',
    'and refuse timestamps older than a few minutes.',
  ].join('\n');
}
