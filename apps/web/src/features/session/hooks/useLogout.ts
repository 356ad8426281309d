import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { pathTo } from '../../../app/route-meta';
import { identityApi } from '../../auth/api/identity-api';
import { session } from '../session';

/** Ends the session on the server, forgets it on this device and goes to Login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await identityApi.logout();
    } catch {
      // The token is dropped locally either way; a failed revoke must not keep the user signed in here.
    }
    session.clear();
    queryClient.removeQueries({ queryKey: ['session'] });
    await navigate(pathTo('Login'), { replace: true });
  }, [navigate, queryClient]);
}
