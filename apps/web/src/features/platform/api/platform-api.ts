import type { PlatformConfig, PlatformStatus } from '@estancia/contracts';
import { api } from '../../../shared/api';

export const platformApi = {
  status: () => api.get<PlatformStatus>('platform/status'),
  config: () => api.get<PlatformConfig>('platform/config'),
};
