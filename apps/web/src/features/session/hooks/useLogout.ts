import { useCallback } from 'react';
import { pathTo } from '../../../app/route-meta';
import { identityApi } from '../../auth/api/identity-api';
import { session } from '../session';

/**
 * Ends the session on the server, forgets it on this device and reloads on Login (spec section 4:
 * logout "then reloads"). A full load, not a client navigation: the protected page being left would
 * otherwise redirect to Login with its own `redirectTo` first, and every in-memory cache goes too.
 */
export function useLogout(): () => Promise<void> {
  return useCallback(async () => {
    try {
      await identityApi.logout();
    } catch {
      // The token is dropped locally either way; a failed revoke must not keep the user signed in here.
    }
    session.clear();
    window.location.replace(pathTo('Login'));
  }, []);
}
