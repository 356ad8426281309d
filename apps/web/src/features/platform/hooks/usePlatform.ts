import { useQuery } from '@tanstack/react-query';
import type { EngineCapabilities, PlatformStatus } from '@estancia/contracts';
import { queryKeys } from '../../../shared/query-client';
import { platformApi } from '../api/platform-api';
import { hubPresence } from '../hub-presence';

/** The background poll while the PlatformStatus socket event can reach the app (it writes the same entry). */
export const PLATFORM_STATUS_POLL_MS = 30_000;
/** Without the socket (a visitor, a dropped connection), or while maintenance is on, the poll notices within this. */
export const PLATFORM_STATUS_FALLBACK_POLL_MS = 5_000;

/** Read again after every answer, and the hub connection re-reads the status when it connects or drops. */
export function platformPollInterval(status: PlatformStatus | undefined): number {
  return hubPresence.isConnected() && !status?.isMaintenanceMode
    ? PLATFORM_STATUS_POLL_MS
    : PLATFORM_STATUS_FALLBACK_POLL_MS;
}

export const NORMAL_PLATFORM_STATUS: PlatformStatus = {
  isHighDemandFree: false,
  isHighDemandAuto: false,
  isMaintenanceMode: false,
};

export function usePlatformStatus(): { status: PlatformStatus; isPending: boolean } {
  const query = useQuery({
    queryKey: queryKeys.platformStatus,
    queryFn: platformApi.status,
    refetchInterval: (query) => platformPollInterval(query.state.data),
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
