import { useQuery } from '@tanstack/react-query';
import type { EngineCapabilities, PlatformStatus } from '@estancia/contracts';
import { queryKeys } from '../../../shared/query-client';
import { platformApi } from '../api/platform-api';

/** The background poll: on load and every 30 s; the PlatformStatus socket event writes the same cache entry. */
export const PLATFORM_STATUS_POLL_MS = 30_000;

export const NORMAL_PLATFORM_STATUS: PlatformStatus = {
  isHighDemandFree: false,
  isHighDemandAuto: false,
  isMaintenanceMode: false,
};

export function usePlatformStatus(): { status: PlatformStatus; isPending: boolean } {
  const query = useQuery({
    queryKey: queryKeys.platformStatus,
    queryFn: platformApi.status,
    refetchInterval: PLATFORM_STATUS_POLL_MS,
    refetchIntervalInBackground: true,
  });
  // Until the first answer arrives the app waits; when the API cannot answer it behaves as normal.
  return { status: query.data ?? NORMAL_PLATFORM_STATUS, isPending: query.isPending };
}

export function usePlatformConfig() {
  return useQuery({ queryKey: queryKeys.platformConfig, queryFn: platformApi.config, staleTime: Infinity });
}

/** Until the engine answers, or when it cannot, nothing beyond plain staging is offered. */
export const NO_ENGINE_CAPABILITIES: EngineCapabilities = { emptiesRooms: false };

/** What the live engine can do for orders (signed in only); admins may switch engines, so it is re-read on mount. */
export function useEngineCapabilities(): EngineCapabilities {
  const query = useQuery({ queryKey: queryKeys.platformEngine, queryFn: platformApi.engine });
  return query.data ?? NO_ENGINE_CAPABILITIES;
}
