import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorCode, type ApiKey, type ApiKeysResponse, type CreatedApiKey } from '@estancia/contracts';
import { ApiRequestError } from '../../../shared/api-client';
import { integrationKeys, integrationsApi } from '../api/integrations-api';

/** What the list keeps of a created or rotated key: never its secret, which only the dialog shows. */
const withoutSecret = ({ id, name, prefix, createdAt, lastUsedAt }: CreatedApiKey): ApiKey => ({
  id,
  name,
  prefix,
  createdAt,
  lastUsedAt,
});

/** GET integrations/keys: whether the plan has API access, and the user's keys. */
export function useApiKeys() {
  return useQuery({ queryKey: integrationKeys.keys, queryFn: integrationsApi.keys });
}

export const lostApiAccess = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.code === ErrorCode.API_ACCESS_REQUIRED;

function useKeysCache() {
  const client = useQueryClient();
  return {
    /** The plan lost API access while the page was open: reading the keys again turns the page into the offer. */
    refreshIfAccessLost: (error: unknown) =>
      lostApiAccess(error) ? client.invalidateQueries({ queryKey: integrationKeys.keys }) : undefined,
    update: (change: (keys: ApiKey[]) => ApiKey[]) =>
      client.setQueryData<ApiKeysResponse>(integrationKeys.keys, (old) =>
        old ? { ...old, keys: change(old.keys) } : old,
      ),
    refresh: () => client.invalidateQueries({ queryKey: integrationKeys.keys }),
  };
}

/** POST integrations/keys: the answer's secret goes to the caller, the list gets the key without it. */
export function useCreateApiKey() {
  const cache = useKeysCache();
  return useMutation({
    mutationFn: integrationsApi.createKey,
    onSuccess: (created) => {
      cache.update((keys) => [...keys, withoutSecret(created)]);
      return cache.refresh();
    },
    onError: cache.refreshIfAccessLost,
  });
}

/** POST integrations/keys/:id/rotate: the rotated key takes the old one's place in the list. */
export function useRotateApiKey() {
  const cache = useKeysCache();
  return useMutation({
    mutationFn: integrationsApi.rotateKey,
    onSuccess: (rotated, oldId) => {
      cache.update((keys) => keys.map((key) => (key.id === oldId ? withoutSecret(rotated) : key)));
      return cache.refresh();
    },
    // Rotated or revoked elsewhere (another tab) answers NOT_FOUND: the list catches up either way.
    onError: () => cache.refresh(),
  });
}

/** DELETE integrations/keys/:id. */
export function useRevokeApiKey() {
  const cache = useKeysCache();
  return useMutation({
    mutationFn: integrationsApi.revokeKey,
    onSuccess: (_, revokedId) => {
      cache.update((keys) => keys.filter((key) => key.id !== revokedId));
      return cache.refresh();
    },
    onError: () => cache.refresh(),
  });
}
