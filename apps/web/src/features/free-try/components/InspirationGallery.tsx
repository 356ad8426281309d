import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useInspiration } from '../api/free-try-api';
import { InspirationFigure } from './InspirationFigure';

/** Before and after examples made by our engine from our own rooms; nothing shows when there are none. */
export function InspirationGallery() {
  const { t } = useTranslation();
  const examples = useInspiration();
  if (!examples.data?.length) return null;
  return (
    <Box component="section" aria-labelledby="inspiration-title" sx={{ mt: 6 }}>
      <Typography id="inspiration-title" component="h2" variant="h2" gutterBottom>
        {t('freeTry.inspiration.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('freeTry.inspiration.intro')}</Typography>
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0 }}>
        {examples.data.map((example) => (
          <Grid key={example.id} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
            <InspirationFigure example={example} />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
