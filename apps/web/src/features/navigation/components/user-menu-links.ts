import type { RouteName } from '../../../app/route-meta';

export const USER_MENU_LINKS: readonly { key: string; route: RouteName }[] = [
  { key: 'account', route: 'Account' },
  { key: 'myProjects', route: 'MyProjects' },
  { key: 'pricing', route: 'Offers' },
  { key: 'api', route: 'ApiIntegration' },
  { key: 'help', route: 'Help' },
];
