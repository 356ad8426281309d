import type { AppConfig } from '../../infra/config/config';
import { corsOrigins } from '../../infra/realtime/hub';

/** What a request says about the page that sent it: its Origin header and the Host it was sent to. */
export interface RequestOrigin {
  origin?: string;
  host?: string;
}

const originOf = (address: string): string | null => {
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
};

/**
 * The origin the customer's browser is on, for links we send that browser to (the gateway's way back, the
 * sandbox page): opened at 127.0.0.1 it must come back to 127.0.0.1, where its session is, not to PUBLIC_URL's
 * localhost. Only an origin of ours counts: PUBLIC_URL, CORS_ORIGINS, or the very host the request reached
 * (the same server under another name); anything else, or no Origin, gives null (PUBLIC_URL then).
 */
export function browserOrigin(
  request: RequestOrigin,
  config: Pick<AppConfig, 'PUBLIC_URL' | 'CORS_ORIGINS'>,
): string | null {
  const origin = request.origin ? originOf(request.origin) : null;
  if (!origin) return null;
  const ours = [config.PUBLIC_URL, ...corsOrigins(config as AppConfig)].map(originOf);
  if (ours.includes(origin)) return origin;
  return request.host && new URL(origin).host === request.host.toLowerCase() ? origin : null;
}
