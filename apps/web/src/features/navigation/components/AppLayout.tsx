import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '@estancia/contracts';
import type { LayoutName, RouteName } from '../../../app/route-meta';
import { LanguageSelector } from '../../language/components/LanguageSelector';
import { HighDemandBanner } from '../../platform/components/HighDemandBanner';
import { Footer } from './Footer';
import { Logo, Navigation } from './Navigation';

const MAIN_ID = 'main-content';

function SkipLink() {
  const { t } = useTranslation();
  return (
    <Link
      href={`#${MAIN_ID}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: 2000,
        p: 1,
        backgroundColor: 'background.paper',
        '&:focus': { top: 8 },
      }}
    >
      {t('common.skipToContent')}
    </Link>
  );
}

/** Login and Register: no navigation, but the logo and the language selector stay. */
function SlimHeader() {
  const { t } = useTranslation();
  return (
    <Box
      component="header"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        px: { xs: 2, sm: 4 },
        py: 1,
        maxWidth: LAYOUT.maxWidth,
        mx: 'auto',
        width: '100%',
      }}
    >
      <Logo />
      <Box component="nav" aria-label={t('nav.label')} sx={{ ml: 'auto' }}>
        <LanguageSelector />
      </Box>
    </Box>
  );
}

/** The page frame chosen by the route's layout name (spec section 2). */
export function AppLayout({
  layout,
  routeName,
  children,
}: {
  layout: LayoutName;
  routeName: RouteName;
  children: ReactNode;
}) {
  const main = (
    <Box
      component="main"
      id={MAIN_ID}
      tabIndex={-1}
      sx={{
        flex: 1,
        width: '100%',
        maxWidth: LAYOUT.maxWidth,
        mx: 'auto',
        px: { xs: 2, sm: 4 },
        py: 4,
        outline: 'none',
      }}
    >
      <HighDemandBanner key={routeName} routeName={routeName} />
      {children}
    </Box>
  );
  if (layout === 'empty')
    return <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>{main}</Box>;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      {layout === 'default-without-navigation' ? <SlimHeader /> : <Navigation />}
      {main}
      {layout !== 'default-without-footer' && <Footer />}
    </Box>
  );
}
