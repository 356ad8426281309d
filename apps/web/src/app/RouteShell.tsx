import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AppLayout } from '../features/navigation/components/AppLayout';
import { usePlatformStatus } from '../features/platform/hooks/usePlatform';
import { useProfileBootstrap } from '../features/session/hooks/useProfile';
import { useSession } from '../features/session/session';
import { resolveGuard } from './guards';
import { pageTitle, type RouteMeta } from './route-meta';

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}

/** Runs the guards for one route, then shows its page in the layout its metadata names. */
export function RouteShell({ meta, children }: { meta: RouteMeta; children: ReactNode }) {
  const { user, token } = useSession();
  const profile = useProfileBootstrap();
  const platform = usePlatformStatus();
  const [params] = useSearchParams();
  const location = useLocation();
  const decision = platform.isPending
    ? null
    : resolveGuard({
        route: meta,
        user,
        hasToken: token !== '' && !profile.failed,
        isMaintenanceMode: platform.status.isMaintenanceMode,
        redirectTo: params.get('redirectTo'),
        here: `${location.pathname}${location.search}${location.hash}`,
        from: params.get('from'),
      });
  const rendering = decision?.kind === 'render';

  useEffect(() => {
    if (rendering) document.title = pageTitle(meta.name);
  }, [rendering, meta.name]);

  if (!decision || decision.kind === 'loadProfile') return <PageLoading />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <AppLayout layout={meta.layout} routeName={meta.name}>
      {children}
    </AppLayout>
  );
}
