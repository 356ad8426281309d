/** Who a hub token belongs to: the account, and the session the token names. */
export interface HubCaller {
  userId: string;
  sessionId: string;
  /** When the token expires (epoch ms): the hub closes the socket then. */
  expiresAt?: number;
}

/**
 * Checks the bearer token of a hub handshake (and again before joining a room). The identity module
 * provides it, so this infrastructure names no domain.
 */
export abstract class HubAuthenticator {
  /** The caller behind a token, or null when the token is bad, expired or its session was revoked. */
  abstract authenticate(token: string): Promise<HubCaller | null>;
  /** Why a token that `authenticate` refused is refused: ACCOUNT_BLOCKED for a blocked account, else UNAUTHENTICATED. */
  abstract refusal(token: string): Promise<string>;
}
