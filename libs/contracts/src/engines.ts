import { z } from 'zod';

/** The staging engines Estancia can drive (apps/api decorations/engine); `builtin` is the offline demo. */
export const ENGINE_NAMES = ['builtin', 'http', 'openai', 'replicate', 'comfyui', 'virtual-staging'] as const;
export const engineNameSchema = z.enum(ENGINE_NAMES);
export type EngineName = z.infer<typeof engineNameSchema>;

/** Where a render is used; admins pick the engine (and its fallbacks) per use. */
export const ENGINE_USES = ['free_try', 'automatic', 'supervised_draft', 'editor_ai'] as const;
export const engineUseSchema = z.enum(ENGINE_USES);
export type EngineUse = z.infer<typeof engineUseSchema>;

/** Why a render failed for good, as the engine metrics count it. */
export const ENGINE_FAILURE_REASONS = [
  'timeout',
  'cancelled',
  'refused',
  'rate_limited',
  'server_error',
  'bad_request',
  'bad_output',
  'network',
] as const;
export type EngineFailureReason = (typeof ENGINE_FAILURE_REASONS)[number];

/** One engine, and optionally the model it should run (null: the engine's configured default). */
export const engineChoiceSchema = z.object({
  engine: engineNameSchema,
  model: z.string().trim().min(1).max(200).nullable(),
});
export type EngineChoice = z.infer<typeof engineChoiceSchema>;

/** At most this many fallbacks are tried, in order, after the chosen engine fails for good. */
export const ENGINE_FALLBACKS_MAX = 3;

/** PUT /data/admin/engines/routes/:use (admins): the engine, model and fallbacks of one use. */
export const engineRouteUpdateSchema = engineChoiceSchema.extend({
  fallbacks: z.array(engineChoiceSchema).max(ENGINE_FALLBACKS_MAX),
});
export type EngineRouteUpdate = z.infer<typeof engineRouteUpdateSchema>;

export const engineRouteSchema = engineRouteUpdateSchema.extend({
  use: engineUseSchema,
  /** When staff last changed it and who; null while it follows the configuration's default. */
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type EngineRoute = z.infer<typeof engineRouteSchema>;

/** What the platform knows of each engine; secrets never leave the server, only whether they are set. */
export const engineInfoSchema = z.object({
  name: engineNameSchema,
  configured: z.boolean(),
  /** The built-in renderer: an offline demo, never a real AI render. */
  demo: z.boolean(),
  emptiesRooms: z.boolean(),
  defaultModel: z.string().nullable(),
  /** Estimated provider cost of one render, in euro cents. */
  costCents: z.number(),
});
export type EngineInfo = z.infer<typeof engineInfoSchema>;

/** GET /data/admin/engines: the engines, the route of every use and the changes made to them. */
export const engineSettingsSchema = z.object({
  engines: z.array(engineInfoSchema),
  routes: z.array(engineRouteSchema),
  changes: z.array(
    z.object({
      use: engineUseSchema,
      before: engineRouteUpdateSchema,
      after: engineRouteUpdateSchema,
      changedBy: z.string().nullable(),
      changedAt: z.string(),
    }),
  ),
});
export type EngineSettings = z.infer<typeof engineSettingsSchema>;

/** POST /data/admin/engines/test (admins): renders our sample room with one engine. */
export const engineTestRequestSchema = engineChoiceSchema;
export const engineTestResultSchema = z.object({
  engine: engineNameSchema,
  ok: z.boolean(),
  durationMs: z.number().int(),
  /** data: URL of the rendered JPEG when ok. */
  image: z.string().nullable(),
  /** data: URL of the sample room that was sent. */
  sample: z.string(),
  reason: z.enum(ENGINE_FAILURE_REASONS).nullable(),
  message: z.string().nullable(),
});
export type EngineTestResult = z.infer<typeof engineTestResultSchema>;

/** GET /data/admin/engines/stats?days=N: per engine, renders, failures by reason, durations, cost and revenue. */
export const engineStatsSchema = z.object({
  days: z.number().int(),
  engines: z.array(
    z.object({
      engine: engineNameSchema,
      renders: z.number().int(),
      failures: z.number().int(),
      failuresByReason: z.record(z.string(), z.number().int()),
      p50Ms: z.number().nullable(),
      p95Ms: z.number().nullable(),
      /** Estimated provider cost per delivered decoration, euro cents. */
      costPerDecorationCents: z.number().nullable(),
      /** Revenue of the credits spent on the decorations it rendered, per decoration, euro cents. */
      revenuePerDecorationCents: z.number().nullable(),
    }),
  ),
});
export type EngineStats = z.infer<typeof engineStatsSchema>;

/** GET /data/platform/engine (signed in): what the customer apps may offer with the live engine. */
export const engineCapabilitiesSchema = z.object({ emptiesRooms: z.boolean() });
export type EngineCapabilities = z.infer<typeof engineCapabilitiesSchema>;
