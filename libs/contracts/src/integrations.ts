import { z } from 'zod';
import { DESCRIPTION_LANGUAGES } from './descriptions';
import { DECORATION_TYPES, ROOM_TYPES, STYLES } from './enums';
import { FieldIssue } from './errors';
import { DECORATION_FAILURES, DECORATION_STATES } from './projects';

/**
 * The integrator API (spec sections 1 and 6, plan right `apiAccess`): API keys, the public `/api/v1`
 * surface they open, and signed webhooks. The keys and webhooks are managed from the customer app under
 * `/data/integrations/*` (signed-in session); `/api/v1/*` takes a key as its bearer credential.
 */

/** Every secret starts so: `est_<8-char prefix>_<secret>`; the prefix is what the page lists. */
export const API_KEY_PREFIX = 'est_';
/** Webhook signing secrets start so (shown once, like keys). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** Headers of the public API and of webhook deliveries (names are a contract with integrators). */
export const INTEGRATION_HEADERS = {
  idempotencyKey: 'Idempotency-Key',
  /** Set on a replayed answer: the first answer to this key, nothing moved again. */
  idempotentReplayed: 'Idempotent-Replayed',
  rateLimitLimit: 'RateLimit-Limit',
  rateLimitRemaining: 'RateLimit-Remaining',
  retryAfter: 'Retry-After',
  /** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint's secret>` */
  signature: 'Estancia-Signature',
  event: 'Estancia-Event',
  delivery: 'Estancia-Delivery',
} as const;

/** Events a webhook endpoint can subscribe to. */
export const WEBHOOK_EVENTS = [
  'decoration.ready',
  'decoration.failed',
  'supervised.delivered',
  'description.ready',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** A delivery is retried with backoff for this long after the event, then marked failed. */
export const WEBHOOK_RETRY_HOURS = 24;

// --- API keys (GET/POST /data/integrations/keys, POST …/keys/:id/rotate, DELETE …/keys/:id) ---

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** `est_<prefix>`: enough to recognise a key, never enough to use it. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createApiKeyRequestSchema = z.object({
  name: z.string().trim().min(1, FieldIssue.REQUIRED).max(60, FieldIssue.TOO_LONG),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequestSchema>;

/** Answer of create and rotate: the only time the secret is shown. */
export const createdApiKeySchema = apiKeySchema.extend({ secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeysResponseSchema = z.object({
  /** Whether the user's plan has API access now (false: the page explains it and offers the upgrade). */
  apiAccess: z.boolean(),
  keys: z.array(apiKeySchema),
});
export type ApiKeysResponse = z.infer<typeof apiKeysResponseSchema>;

// --- Webhooks (GET/POST /data/integrations/webhooks, DELETE …/webhooks/:id, deliveries and resend) ---

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const createWebhookEndpointRequestSchema = z.object({
  /** https in production; the API refuses other schemes and private addresses with URL_NOT_ALLOWED. */
  url: z
    .string()
    .trim()
    .max(2000, FieldIssue.TOO_LONG)
    .pipe(z.url({ protocol: /^https?$/, error: FieldIssue.INVALID })),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, FieldIssue.REQUIRED),
});
export type CreateWebhookEndpointRequest = z.input<typeof createWebhookEndpointRequestSchema>;

/** Answer of create: the signing secret, shown once. */
export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  /** The event's id: the same for every attempt and every resend (receivers deduplicate by it). */
  eventId: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  /** The receiver's last HTTP status (null: no answer, e.g. a timeout or a refused connection). */
  lastStatus: z.number().int().nullable(),
  /** The start of the receiver's last answer, or why there was none. */
  lastResponse: z.string().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhooksResponseSchema = z.object({
  endpoints: z.array(webhookEndpointSchema),
  /** The latest deliveries of every endpoint, newest first. */
  deliveries: z.array(webhookDeliverySchema),
});
export type WebhooksResponse = z.infer<typeof webhooksResponseSchema>;

/** The body of every webhook delivery. */
export const webhookPayloadSchema = z.object({
  id: z.string(),
  type: z.enum(WEBHOOK_EVENTS),
  createdAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

/** `data` of decoration.ready, decoration.failed and supervised.delivered. */
export const decorationEventDataSchema = z.object({
  projectId: z.string(),
  decorationId: z.string(),
  /** The version the event is about: a redo is a new version of the same decoration. */
  versionId: z.string(),
  /** The decoration's state after the fact (a failed redo leaves the earlier result `ready`). */
  state: z.enum(DECORATION_STATES),
  type: z.enum(DECORATION_TYPES),
  roomType: z.enum(ROOM_TYPES),
  style: z.enum(STYLES),
  /** Why the render failed (decoration.failed only). */
  failure: z.enum(DECORATION_FAILURES).optional(),
});
export type DecorationEventData = z.infer<typeof decorationEventDataSchema>;

/** `data` of description.ready. */
export const descriptionEventDataSchema = z.object({
  projectId: z.string(),
  descriptionId: z.string(),
  versionId: z.string(),
  language: z.enum(DESCRIPTION_LANGUAGES),
});
export type DescriptionEventData = z.infer<typeof descriptionEventDataSchema>;

/** What each event's `data` carries; the API's domain services publish exactly these. */
export interface WebhookEventData {
  'decoration.ready': DecorationEventData;
  'decoration.failed': DecorationEventData;
  'supervised.delivered': DecorationEventData;
  'description.ready': DescriptionEventData;
}

// --- The public API's own requests (the rest reuses the app's contracts) ---

/** POST /api/v1/projects/:id/images/from-url: the worker fetches the photo (https, size and type limits). */
export const importImageRequestSchema = z.object({
  url: z
    .string()
    .trim()
    .max(2000, FieldIssue.TOO_LONG)
    .pipe(z.url({ protocol: /^https?$/, error: FieldIssue.INVALID })),
});
export type ImportImageRequest = z.input<typeof importImageRequestSchema>;
