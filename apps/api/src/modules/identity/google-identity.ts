import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode } from '@estancia/contracts';
import { OAuth2Client } from 'google-auth-library';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { AppError } from '../../infra/http/app-error';

/** What a verified Google ID token tells us about the person. */
export interface GoogleProfile {
  sub: string;
  email: string;
  name: string;
}

/**
 * Google sign-in: verifies ID tokens from the Google popup with Google's own library against
 * GOOGLE_CLIENT_ID. Disabled (the web hides the button) when no client id is configured.
 * GOOGLE_CERTS_URL replaces Google's certificate endpoint, e.g. with a local server in tests.
 */
@Injectable()
export class GoogleIdentity {
  private readonly client: OAuth2Client | null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.client = config.GOOGLE_CLIENT_ID
      ? new OAuth2Client({
          clientId: config.GOOGLE_CLIENT_ID,
          // Node's own fetch: gaxios would otherwise load node-fetch with a dynamic import on first use.
          transporterOptions: { fetchImplementation: fetch },
          ...(config.GOOGLE_CERTS_URL && {
            endpoints: { oauth2FederatedSignonPemCertsUrl: config.GOOGLE_CERTS_URL },
          }),
        })
      : null;
  }

  get enabled(): boolean {
    return this.client !== null;
  }

  /** GOOGLE_LOGIN_FAILED for a bad signature, another audience, an expired token or an unverified e-mail. */
  async verify(idToken: string): Promise<GoogleProfile> {
    if (!this.client) throw new AppError(ErrorCode.GOOGLE_LOGIN_DISABLED);
    let payload;
    try {
      const ticket = await this.client.verifyIdToken({ idToken, audience: this.config.GOOGLE_CLIENT_ID });
      payload = ticket.getPayload();
    } catch {
      throw new AppError(ErrorCode.GOOGLE_LOGIN_FAILED);
    }
    if (!payload?.sub || !payload.email || payload.email_verified !== true)
      throw new AppError(ErrorCode.GOOGLE_LOGIN_FAILED);
    return { sub: payload.sub, email: payload.email.toLowerCase(), name: payload.name?.trim() ?? '' };
  }
}
