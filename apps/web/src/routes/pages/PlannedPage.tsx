import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { RouteName } from '../../app/route-meta';

/** Pages whose content arrives with later issues: their title and what they are for. */
export function PlannedPage({ name }: { name: Exclude<RouteName, 'Home'> }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography component="h1" variant="h1" gutterBottom>
        {t(`routes.${name}`)}
      </Typography>
      <Typography>{t(`pages.${name}`)}</Typography>
    </>
  );
}
