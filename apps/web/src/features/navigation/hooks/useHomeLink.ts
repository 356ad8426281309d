import { useQuery } from '@tanstack/react-query';
import type { User, WalletStatistics } from '@estancia/contracts';
import type { RouteName } from '../../../app/route-meta';
import { api } from '../../../shared/api';
import { customerStage, type CustomerStage } from '../../onboarding/customer-stage';
import { projectsApi } from '../../projects/api/projects-api';
import { projectListKey } from '../../projects/components/MyProjectsPage';

export interface HomeLink {
  route: Extract<RouteName, 'MyProjects' | 'GetStarted'>;
  label: 'nav.myProjects' | 'nav.tryFree';
}

/**
 * The header's first link for a signed-in customer: a subscriber's projects; for a customer without a plan,
 * GetStarted (MyProjects sends them there), named "My projects" once they are past their first steps (a pack
 * buyer, a customer with projects) and "Try free" before.
 */
export function homeLink(user: Pick<User, 'userSubscription'>, stage: CustomerStage): HomeLink {
  if (user.userSubscription.isActive) return { route: 'MyProjects', label: 'nav.myProjects' };
  return { route: 'GetStarted', label: stage === 'returning' ? 'nav.myProjects' : 'nav.tryFree' };
}

/** homeLink from the same queries GetStarted reads (shared cache), asked only for a customer without a plan. */
export function useHomeLink(user: User): HomeLink {
  const withoutPlan = !user.userSubscription.isActive;
  const projects = useQuery({
    queryKey: projectListKey('', 1),
    queryFn: () => projectsApi.list('', 1),
    enabled: withoutPlan,
    staleTime: 60_000,
  });
  const statistics = useQuery({
    queryKey: ['wallet', 'statistics'],
    queryFn: () => api.get<WalletStatistics>('wallet/statistics'),
    enabled: withoutPlan && projects.data?.total === 0,
    staleTime: 60_000,
  });
  return homeLink(user, customerStage(projects.data?.total, statistics.data));
}
