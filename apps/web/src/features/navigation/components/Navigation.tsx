import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '@estancia/contracts';
import { BrandLogo } from '@estancia/ui';
import { pathTo } from '../../../app/route-meta';
import { useDesktopNavigation } from '../hooks/useDesktopNavigation';
import { DesktopNavigation } from './DesktopNavigation';
import { MobileNavigation } from './MobileNavigation';

/** The logo leads home, inside the product: a customer's projects, or the sign-in page that presents it. */
export function Logo() {
  const { t } = useTranslation();
  return (
    <Link
      component={RouterLink}
      to={pathTo('Home')}
      aria-label={t('nav.logo')}
      sx={{ display: 'inline-flex', py: 1 }}
    >
      <BrandLogo />
    </Link>
  );
}

/** The top bar: the logo home, then desktop or mobile navigation. */
export function Navigation() {
  const { t } = useTranslation();
  const desktop = useDesktopNavigation();
  return (
    <AppBar component="header" position="sticky" color="inherit" elevation={1}>
      <Toolbar
        component="nav"
        aria-label={t('nav.label')}
        sx={{ width: '100%', maxWidth: LAYOUT.maxWidth, mx: 'auto', gap: 2 }}
      >
        <Logo />
        <Box sx={{ flex: 1, display: 'flex' }}>{desktop ? <DesktopNavigation /> : <MobileNavigation />}</Box>
      </Toolbar>
    </AppBar>
  );
}
