import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../app/route-meta';
import { RouterButton } from '../../features/navigation/components/RouterButton';

export function PageNotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <Typography component="h1" variant="h1" gutterBottom>
        {t('routes.PageNotFound')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('notFound.text')}</Typography>
      <RouterButton to={pathTo('Home')} variant="contained">
        {t('notFound.back')}
      </RouterButton>
    </>
  );
}
