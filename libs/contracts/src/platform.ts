import { z } from 'zod';

/** GET /data/platform/status — the background poll (spec section 3, API health state). */
export const platformStatusSchema = z.object({
  isHighDemandFree: z.boolean(),
  isHighDemandAuto: z.boolean(),
  isMaintenanceMode: z.boolean(),
});
export type PlatformStatus = z.infer<typeof platformStatusSchema>;

/** PATCH /data/admin/platform — staff switch the flags. */
export const platformFlagsUpdateSchema = platformStatusSchema.partial();
export type PlatformFlagsUpdate = z.infer<typeof platformFlagsUpdateSchema>;

/** GET /data/project/healthCheck answers a non-empty ping list. */
export const healthPingSchema = z.array(z.object({ service: z.string(), ok: z.boolean() })).min(1);
export type HealthPing = z.infer<typeof healthPingSchema>;
