import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../../app/route-meta';
import { LANDING_SECTIONS } from '../landing-sections';

const POINTS = ['automatic', 'supervised', 'descriptions'] as const;

/** What Estancia does, in one glance, and the way to see it with one's own photo: the free try. */
export function LandingHero() {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="landing-title">
      <Typography
        id="landing-title"
        component="h2"
        variant="h1"
        sx={{ fontSize: { xs: '1.75rem', md: '2.5rem' }, lineHeight: 1.2, mb: 2 }}
      >
        {t('landing.hero.title')}
      </Typography>
      <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400, mb: 2 }}>
        {t('landing.hero.text')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={2} sx={{ mb: 1 }}>
        <Button
          component={RouterLink}
          to={pathTo('FileUpload')}
          variant="contained"
          color="secondary"
          size="large"
          startIcon={<AutoAwesomeIcon />}
          sx={{ py: 1.5, px: 3, fontSize: '1.05rem' }}
        >
          {t('landing.hero.tryFree')}
        </Button>
        <Button
          component={RouterLink}
          to={`#${LANDING_SECTIONS.plans}`}
          variant="outlined"
          size="large"
          sx={{ py: 1.5 }}
        >
          {t('landing.hero.seePlans')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('landing.hero.noAccount')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 3, display: 'grid', gap: 1 }}>
        {POINTS.map((point) => (
          <Box component="li" key={point} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <CheckIcon color="success" fontSize="small" aria-hidden sx={{ mt: 0.25 }} />
            <Typography>{t(`landing.hero.points.${point}`)}</Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
