import { accountBlocked } from './account-blocked';
import { session } from './session';

/** The account was blocked: the blocked page shows, and the session of this device is forgotten. */
export function signOutBlocked(): void {
  accountBlocked.set(true);
  session.clear();
}
