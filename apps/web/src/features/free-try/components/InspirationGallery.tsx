import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CompareSlider } from '../../decorations/components/CompareSlider';
import { useInspiration } from '../api/free-try-api';
import { asRoomType, asStyle } from '../catalogue-choice';

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
        {examples.data.map((example) => {
          const names = {
            room: t(`catalogue.roomTypes.${asRoomType(example.roomType)}`),
            style: t(`catalogue.styles.${asStyle(example.style)}`),
          };
          return (
            <Grid key={example.id} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
              <Box component="figure" sx={{ m: 0 }}>
                <CompareSlider
                  before={example.beforeUrl}
                  after={example.afterUrl}
                  beforeAlt={t('freeTry.inspiration.before', names)}
                  afterAlt={t('freeTry.inspiration.after', names)}
                  label={t('freeTry.inspiration.compare', names)}
                />
                <Typography component="figcaption" variant="body2">
                  {t('freeTry.inspiration.caption', names)}
                </Typography>
              </Box>
            </Grid>
          );
        })}
      </Grid>
    </Box>
  );
}
