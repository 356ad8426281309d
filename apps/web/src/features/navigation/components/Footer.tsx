import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Instagram from '@mui/icons-material/Instagram';
import LinkedIn from '@mui/icons-material/LinkedIn';
import X from '@mui/icons-material/X';
import YouTube from '@mui/icons-material/YouTube';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '@estancia/contracts';
import { brand } from '@estancia/ui';
import { MARKETING_LINKS, SOCIAL_LINKS } from '../marketing';
import { FundingBadges } from './FundingBadges';

const SOCIAL_ICONS = { instagram: Instagram, linkedin: LinkedIn, youtube: YouTube, x: X } as const;

export function Footer() {
  const { t } = useTranslation();
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
          gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr' },
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
            {MARKETING_LINKS.map((link) => (
              <li key={link.key}>
                <Link href={link.href} color="inherit" underline="always">
                  {t(`footer.links.${link.key}`)}
                </Link>
              </li>
            ))}
          </Box>
        </Box>
        <Box>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
            {t('footer.socialTitle')}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', gap: 1 }}>
            {SOCIAL_LINKS.map((link) => {
              const Icon = SOCIAL_ICONS[link.key];
              return (
                <li key={link.key}>
                  <IconButton
                    component="a"
                    href={link.href}
                    aria-label={t(`footer.social.${link.key}`)}
                    sx={{ color: '#ffffff' }}
                  >
                    <Icon />
                  </IconButton>
                </li>
              );
            })}
          </Box>
        </Box>
      </Box>
      <Typography variant="body2" sx={{ textAlign: 'center', pb: 3 }}>
        {t('footer.copyright', { year: new Date().getFullYear() })}
      </Typography>
    </Box>
  );
}
