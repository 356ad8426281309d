import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/query-client';
import { isTransient } from '../../../shared/retry-policy';
import { identityApi } from '../../auth/api/identity-api';
import { session, useSession } from '../session';

/**
 * A token is stored but no user is loaded (a reload, a new tab): fetch the profile first.
 * `failed` tells the guards to treat the visitor as signed out when the API refused the profile for good.
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
  // Only a definite answer (the session is invalid) signs out; a 429 or 503 is waited out by the query's retries.
  return { failed: query.isError && !isTransient(query.error) };
}
