import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { pageTitle, pathTo, routeMeta } from '../../app/route-meta';
import { AppLayout } from '../../features/navigation/components/AppLayout';

export function UnexpectedErrorPage() {
  const { t } = useTranslation();
  return (
    <>
      <Typography component="h1" variant="h1" gutterBottom>
        {t('routes.UnexpectedError')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('unexpectedError.text')}</Typography>
      {/* A full page load: whatever broke is left behind. */}
      <Button href={pathTo('Home')} variant="contained">
        {t('unexpectedError.back')}
      </Button>
    </>
  );
}

/** The error boundary of the whole route tree: a render error shows the UnexpectedError page. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    document.title = pageTitle('UnexpectedError');
  }, [error]);
  const meta = routeMeta('UnexpectedError');
  return (
    <AppLayout layout={meta.layout} routeName={meta.name}>
      <UnexpectedErrorPage />
    </AppLayout>
  );
}
