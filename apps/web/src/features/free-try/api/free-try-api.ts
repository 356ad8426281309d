import { useQuery } from '@tanstack/react-query';
import {
  VISITOR_HEADER,
  type FreeTry,
  type FreeTryDownload,
  type FreeTryEmailRequest,
  type FreeTryVerifyRequest,
  type InspirationExample,
  type PurchaseFreeTryResponse,
  type RedecorateFreeTryRequest,
  type StartFreeTryFields,
} from '@estancia/contracts';
import { api } from '../../../shared/api';
import { visitorId } from '../free-try-storage';

const visitor = () => ({ [VISITOR_HEADER]: visitorId() });
const tryPath = (id: string, action = '') => `free-try/${encodeURIComponent(id)}${action}`;

/** The visitor's free try under /data/free-try (contract: libs/contracts/src/free-try.ts). */
export const freeTryApi = {
  start: async (file: File, fields: StartFreeTryFields): Promise<FreeTry> => {
    const form = new FormData();
    form.append('file', file, file.name);
    form.append('roomType', fields.roomType);
    form.append('style', fields.style);
    const response = await api.send('POST', 'free-try', form, visitor());
    return (await response.json()) as FreeTry;
  },
  redecorate: (id: string, request: RedecorateFreeTryRequest) =>
    api.post<FreeTry>(tryPath(id, '/redecorate'), request, visitor()),
  sendCode: async (id: string, request: FreeTryEmailRequest): Promise<void> => {
    await api.post<unknown>(tryPath(id, '/email'), request, visitor());
  },
  verifyCode: (id: string, request: FreeTryVerifyRequest) =>
    api.post<FreeTryDownload>(tryPath(id, '/email/verify'), request, visitor()),
  claim: (id: string) => api.post<FreeTryDownload>(tryPath(id, '/claim')),
  purchase: (id: string) => api.post<PurchaseFreeTryResponse>(tryPath(id, '/purchase')),
  inspiration: () => api.get<InspirationExample[]>('free-try/inspiration'),
};

/** GET free-try/inspiration: the before/after examples, which change rarely. */
export function useInspiration() {
  return useQuery({
    queryKey: ['free-try', 'inspiration'] as const,
    queryFn: freeTryApi.inspiration,
    staleTime: 60 * 60 * 1000,
  });
}
