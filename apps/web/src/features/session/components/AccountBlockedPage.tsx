import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { pathTo } from '../../../app/route-meta';
import { accountBlocked } from '../account-blocked';

/** What a customer whose account staff blocked sees in place of the app, in their language. */
export function AccountBlockedPage() {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      role="alert"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}
    >
      <Box sx={{ maxWidth: 520 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('auth.blocked.title')}
        </Typography>
        <Typography sx={{ mb: 3 }}>{t('auth.blocked.body')}</Typography>
        <Button
          variant="contained"
          component={RouterLink}
          to={pathTo('ContactUs')}
          onClick={() => accountBlocked.set(false)}
        >
          {t('auth.blocked.contact')}
        </Button>
      </Box>
    </Box>
  );
}
