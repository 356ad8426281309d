import { applyDecorators, Controller, SetMetadata, UseGuards } from '@nestjs/common';
import { API_KEY_ROUTE } from '../../infra/http/access';
import { ApiKeyGuard } from './api-key.guard';

/** Where the public API lives (outside the app's `/data` prefix). */
export const PUBLIC_API_PREFIX = 'api/v1';

/**
 * A controller of the public API: served under `/api/v1/<path>`, authenticated by an API key instead of
 * a session (the global guard steps aside), rate-limited per key.
 */
export const IntegratorApi = (path = '') =>
  applyDecorators(
    Controller(path ? `${PUBLIC_API_PREFIX}/${path}` : PUBLIC_API_PREFIX),
    SetMetadata(API_KEY_ROUTE, true),
    UseGuards(ApiKeyGuard),
  );
