import type { EntityManager } from 'typeorm';
import type { GatewayEvent } from './payment-gateway.port';

/** What applying one event did, inside the event's transaction. */
export interface AppliedEvent {
  /** false when the event changed nothing (e.g. a session no longer open, an older snapshot). */
  applied: boolean;
  /** Users whose balance or plan changed: told live (UserConfirmation) after the commit. */
  announce: string[];
}

export const NOTHING_APPLIED: AppliedEvent = { applied: false, announce: [] };

/** Applies one kind of gateway event inside the transaction that records the event as handled. */
export interface GatewayEventHandler<E extends GatewayEvent = GatewayEvent> {
  apply(m: EntityManager, event: E, gateway: string): Promise<AppliedEvent>;
}
