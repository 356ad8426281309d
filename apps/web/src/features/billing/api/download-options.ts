import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DownloadOptions } from '@estancia/contracts';
import { api } from '../../../shared/api';

export const downloadOptionsKeys = { options: ['user', 'download-options'] as const };

export const downloadOptionsApi = {
  get: () => api.get<DownloadOptions>('user/download-options'),
  save: async (options: DownloadOptions): Promise<DownloadOptions> =>
    // An empty answer (204) means the options were stored as sent.
    (await api.put<DownloadOptions | undefined>('user/download-options', options)) ?? options,
};

/** GET user/download-options: the format and size every download uses. */
export function useDownloadOptions() {
  return useQuery({ queryKey: downloadOptionsKeys.options, queryFn: downloadOptionsApi.get });
}

/** PUT user/download-options. */
export function useSaveDownloadOptions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: downloadOptionsApi.save,
    onSuccess: (saved) => client.setQueryData(downloadOptionsKeys.options, saved),
  });
}
