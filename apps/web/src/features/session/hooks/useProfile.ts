import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/query-client';
import { identityApi } from '../../auth/api/identity-api';
import { session, useSession } from '../session';

/**
 * A token is stored but no user is loaded (a reload, a new tab): fetch the profile first.
 * `failed` tells the guards to treat the visitor as signed out when the profile cannot be loaded.
 */
export function useProfileBootstrap(): { failed: boolean } {
  const { token, user } = useSession();
  const query = useQuery({
    queryKey: queryKeys.profile(token),
    queryFn: identityApi.profile,
    enabled: token !== '' && !user,
    staleTime: Infinity,
    gcTime: 0,
  });
  useEffect(() => {
    if (query.data && !session.getState().user) session.signIn(query.data);
  }, [query.data]);
  return { failed: query.isError };
}
