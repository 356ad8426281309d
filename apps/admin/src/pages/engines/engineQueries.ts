import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type EngineChoice,
  type EngineRouteUpdate,
  type EngineSettings,
  type EngineUse,
  engineSettingsSchema,
  engineStatsSchema,
  engineTestResultSchema,
} from '@estancia/contracts';
import { staffHttpClient } from '../../data/dataProvider';

/** The periods the engine figures can be read over, in days. */
export const STATS_PERIODS = [7, 30, 90] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

const SETTINGS_KEY = ['engines', 'settings'] as const;

const send = async (path: string, method: 'GET' | 'PUT' | 'POST' = 'GET', body?: unknown) =>
  (
    await staffHttpClient(`/data/admin/engines${path}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  ).json as unknown;

/** GET engines (admins only): the engines, the route of every use and the change history. */
export const useEngineSettings = (enabled = true) =>
  useQuery({
    queryKey: SETTINGS_KEY,
    enabled,
    queryFn: async () => engineSettingsSchema.parse(await send('')),
  });

/** GET engines/stats?days=N; the previous period stays on screen while the next one loads. */
export const useEngineStats = (days: StatsPeriod, enabled = true) =>
  useQuery({
    queryKey: ['engines', 'stats', days],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async () => engineStatsSchema.parse(await send(`/stats?days=${days}`)),
  });

/** PUT engines/routes/:use; the API answers the whole settings, which replace the cached ones. */
export const useSaveEngineRoute = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ use, route }: { use: EngineUse; route: EngineRouteUpdate }) =>
      engineSettingsSchema.parse(await send(`/routes/${encodeURIComponent(use)}`, 'PUT', route)),
    onSuccess: (settings: EngineSettings) => queryClient.setQueryData(SETTINGS_KEY, settings),
  });
};

/** POST engines/test: one render of the sample room, which may take as long as a real render. */
export const useEngineTest = () =>
  useMutation({
    mutationFn: async (choice: EngineChoice) =>
      engineTestResultSchema.parse(await send('/test', 'POST', choice)),
  });
