import { useQuery } from '@tanstack/react-query';
import type { ReferralSummary } from '@estancia/contracts';
import { api } from '../../../shared/api';

export const referralKeys = { summary: ['referral'] as const };

/** GET referral: the user's code, the link to share and what it earned. */
export function useReferralSummary() {
  return useQuery({ queryKey: referralKeys.summary, queryFn: () => api.get<ReferralSummary>('referral') });
}
