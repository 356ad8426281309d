import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function CreditsLabel({ credits }: { credits: number }) {
  const { t } = useTranslation();
  return (
    <Typography
      component="span"
      variant="body2"
      sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
      data-testid="credits"
    >
      {t('nav.credits', { count: credits })}
    </Typography>
  );
}
