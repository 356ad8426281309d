import type { PlatformStatus } from '@estancia/contracts';
import { session } from '../features/session/session';
import { signOutBlocked } from '../features/session/signed-out-blocked';
import { createApiClient } from './api-client';
import { currentLocale } from './i18n';
import { queryClient, queryKeys } from './query-client';

export { ApiRequestError } from './api-client';

export const api = createApiClient({
  fetch: () => globalThis.fetch,
  getToken: () => session.getState().token,
  getLanguage: currentLocale,
  onUnauthorized: () => session.clear(),
  onBlocked: signOutBlocked,
  onMaintenance: () =>
    queryClient.setQueryData<PlatformStatus>(queryKeys.platformStatus, (old) => ({
      isHighDemandAuto: old?.isHighDemandAuto ?? false,
      isHighDemandFree: old?.isHighDemandFree ?? false,
      isMaintenanceMode: true,
    })),
});
