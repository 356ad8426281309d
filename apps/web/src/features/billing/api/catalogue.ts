import { useQuery } from '@tanstack/react-query';
import type { Coupon, PackList, PlanList } from '@estancia/contracts';
import { api } from '../../../shared/api';

/** What a coupon is checked against: the two kinds of purchase a customer types a coupon for. */
export type CouponKind = 'pack' | 'subscription';

export const catalogueApi = {
  plans: () => api.get<PlanList>('billing/plans'),
  packs: () => api.get<PackList>('billing/packs'),
  coupon: (code: string, kind: CouponKind) =>
    api.get<Coupon>(`billing/coupons/${encodeURIComponent(code.trim().toUpperCase())}?kind=${kind}`),
};

export const catalogueKeys = {
  plans: ['billing', 'plans'] as const,
  packs: ['billing', 'packs'] as const,
};

/** The plans on sale, in display order (public). */
export function usePlans() {
  return useQuery({ queryKey: catalogueKeys.plans, queryFn: catalogueApi.plans, staleTime: 5 * 60_000 });
}

/** The credit packs on sale, in display order (public). */
export function usePacks() {
  return useQuery({ queryKey: catalogueKeys.packs, queryFn: catalogueApi.packs, staleTime: 5 * 60_000 });
}
