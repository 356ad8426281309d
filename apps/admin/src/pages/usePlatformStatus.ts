import { useQuery } from '@tanstack/react-query';
import { useGetOne } from 'react-admin';
import { type AdminPlatformStatus, type PlatformStatus, platformStatusSchema } from '@estancia/contracts';

export const PLATFORM_RESOURCE = 'platform';
export const PLATFORM_STATUS_ID = 'status';

/**
 * Admins read the staff record (GET /data/admin/platform/status, admins only), which the switches update
 * optimistically; everyone else reads the public flags (GET /data/platform/status) and only looks.
 */
export function usePlatformStatus(isAdmin: boolean, permissionsKnown: boolean) {
  const staffRecord = useGetOne<AdminPlatformStatus>(
    PLATFORM_RESOURCE,
    { id: PLATFORM_STATUS_ID },
    { enabled: permissionsKnown && isAdmin },
  );
  const publicFlags = useQuery({
    queryKey: ['platform', 'publicStatus'],
    enabled: permissionsKnown && !isAdmin,
    queryFn: async (): Promise<PlatformStatus> => {
      const response = await fetch('/data/platform/status', { headers: { Accept: 'application/json' } });
      if (!response.ok) throw new Error(`platform status answered ${response.status}`);
      return platformStatusSchema.parse(await response.json());
    },
  });
  const source = isAdmin ? staffRecord : publicFlags;
  return {
    status: source.data,
    staffRecord: staffRecord.data,
    isPending: !permissionsKnown || source.isPending,
    failed: Boolean(source.error),
  };
}
