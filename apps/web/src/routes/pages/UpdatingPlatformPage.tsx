import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '@estancia/ui';

export function UpdatingPlatformPage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '70vh', display: 'grid', placeItems: 'center', textAlign: 'center' }}>
      <Box>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
          <BrandLogo height={48} />
        </Box>
        <Typography component="h1" variant="h1" gutterBottom>
          {t('routes.UpdatingPlatform')}
        </Typography>
        <Typography>{t('updatingPlatform.text')}</Typography>
      </Box>
    </Box>
  );
}
