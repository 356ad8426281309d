import type { EngineCapabilities, PlatformConfig, PlatformStatus } from '@estancia/contracts';
import { api } from '../../../shared/api';

export const platformApi = {
  status: () => api.get<PlatformStatus>('platform/status'),
  config: () => api.get<PlatformConfig>('platform/config'),
  /** Signed in only: what the engine that decorates orders can do now. */
  engine: () => api.get<EngineCapabilities>('platform/engine'),
};
