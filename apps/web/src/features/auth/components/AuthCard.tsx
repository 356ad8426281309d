import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../../app/route-meta';

/** The shared frame of Login and Register (the spec's "same view"): title, content, switch link. */
export function AuthCard({
  title,
  mode,
  children,
  alternative,
}: {
  title: string;
  mode: 'login' | 'register';
  children: ReactNode;
  /** Other ways in (Google); each brings its own "or" divider, as it may not show at all. */
  alternative?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ maxWidth: 480, mx: 'auto', p: { xs: 3, sm: 4 } }}>
      <Typography component="h1" variant="h1" gutterBottom>
        {title}
      </Typography>
      {children}
      {alternative}
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Typography component="span">
          {t(mode === 'login' ? 'auth.noAccount' : 'auth.haveAccount')}{' '}
        </Typography>
        <Link component={RouterLink} to={pathTo(mode === 'login' ? 'Register' : 'Login')} underline="always">
          {t(mode === 'login' ? 'auth.goRegister' : 'auth.goLogin')}
        </Link>
      </Box>
    </Paper>
  );
}
