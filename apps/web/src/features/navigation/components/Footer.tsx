import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '@estancia/contracts';
import { brand } from '@estancia/ui';
import { useSession } from '../../session/session';
import { legalLinks, siteLinks } from '../site-links';
import { FundingBadges } from './FundingBadges';

/** Funding acknowledgements and the product's own pages; every link stays inside the product. */
export function Footer() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <Box component="footer" sx={{ backgroundColor: brand.primaryDark, color: '#ffffff', mt: 'auto' }}>
      <Box
        sx={{
          maxWidth: LAYOUT.maxWidth,
          mx: 'auto',
          px: { xs: 2, sm: 4 },
          py: 4,
          display: 'grid',
          gap: 4,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
        }}
      >
        <Box>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
            {t('footer.fundingTitle')}
          </Typography>
          <FundingBadges />
        </Box>
        <Box component="nav" aria-label={t('footer.label')}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
            {t('footer.linksTitle')}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
            {siteLinks(user !== null).map((link) => (
              <li key={link.key}>
                <Link component={RouterLink} to={link.to} color="inherit" underline="always">
                  {t(`footer.links.${link.key}`)}
                </Link>
              </li>
            ))}
          </Box>
        </Box>
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'center',
          alignItems: 'center',
          columnGap: 3,
          rowGap: 1,
          pb: 3,
          px: 2,
        }}
      >
        <Typography variant="body2">{t('footer.copyright', { year: new Date().getFullYear() })}</Typography>
        <Box component="nav" aria-label={t('legal.navLabel')}>
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 2 }}
          >
            {legalLinks().map((link) => (
              <li key={link.key}>
                <Link component={RouterLink} to={link.to} color="inherit" underline="always" variant="body2">
                  {t(`legal.links.${link.key}`)}
                </Link>
              </li>
            ))}
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
