import { z } from 'zod';

/** GET /data/platform/status — the background poll (spec section 3, API health state). */
export const platformStatusSchema = z.object({
  isHighDemandFree: z.boolean(),
  isHighDemandAuto: z.boolean(),
  isMaintenanceMode: z.boolean(),
});
export type PlatformStatus = z.infer<typeof platformStatusSchema>;

/** PUT /data/admin/platform/status — admins switch the flags; omitted flags keep their value. */
export const platformFlagsUpdateSchema = platformStatusSchema.partial();
export type PlatformFlagsUpdate = z.infer<typeof platformFlagsUpdateSchema>;

/** GET /data/project/healthCheck answers a non-empty ping list. */
export const healthPingSchema = z.array(z.object({ service: z.string(), ok: z.boolean() })).min(1);
export type HealthPing = z.infer<typeof healthPingSchema>;

/** GET /data/platform/config — public facts the apps need; Google sign-in is hidden when the id is null. */
export const platformConfigSchema = z.object({ googleClientId: z.string().nullable() });
export type PlatformConfig = z.infer<typeof platformConfigSchema>;
