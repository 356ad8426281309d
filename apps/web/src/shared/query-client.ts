import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'always' },
    mutations: { retry: false, networkMode: 'always' },
  },
});

/** Query keys shared by more than one feature. */
export const queryKeys = {
  platformStatus: ['platform', 'status'] as const,
  platformConfig: ['platform', 'config'] as const,
  platformEngine: ['platform', 'engine'] as const,
  profile: (token: string) => ['session', 'profile', token] as const,
};
