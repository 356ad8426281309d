import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import DownloadIcon from '@mui/icons-material/Download';
import PaletteIcon from '@mui/icons-material/Palette';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LandingSection } from './LandingSection';

const STEPS = [
  { key: 'upload', Icon: AddPhotoAlternateIcon },
  { key: 'choose', Icon: PaletteIcon },
  { key: 'download', Icon: DownloadIcon },
] as const;

/** The three steps of a decoration, as the footer's "How it works" promises. */
export function HowItWorks() {
  const { t } = useTranslation();
  return (
    <LandingSection section="howItWorks" title={t('landing.howItWorks.title')}>
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {STEPS.map(({ key, Icon }, index) => (
          <Paper component="li" key={key} variant="outlined" sx={{ p: 2, display: 'flex', gap: 2 }}>
            <Icon color="primary" aria-hidden sx={{ fontSize: 36, flexShrink: 0 }} />
            <Box sx={{ minWidth: 0 }}>
              <Typography component="h3" variant="h3" gutterBottom>
                {index + 1}. {t(`landing.howItWorks.steps.${key}.title`)}
              </Typography>
              <Typography>{t(`landing.howItWorks.steps.${key}.text`)}</Typography>
            </Box>
          </Paper>
        ))}
      </Box>
    </LandingSection>
  );
}
