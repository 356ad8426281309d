import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../../app/route-meta';
import { CompareSlider } from '../../decorations/components/CompareSlider';
import { useInspiration } from '../../free-try/api/free-try-api';
import { asRoomType, asStyle } from '../../free-try/catalogue-choice';
import { LANDING_SECTIONS } from '../landing-sections';

/** Enough to show the range without making a phone scroll through the whole gallery. */
const SHOWN = 3;

/** Before and after: the free try's gallery of our own rooms, decorated by our engine. Hidden without it. */
export function BeforeAfterExamples() {
  const { t } = useTranslation();
  const examples = useInspiration();
  if (!examples.data?.length) return null;
  return (
    <Box component="section" id={LANDING_SECTIONS.examples} aria-labelledby="landing-examples-title">
      <Typography id="landing-examples-title" component="h2" variant="h2" gutterBottom>
        {t('landing.examples.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('landing.examples.intro')}</Typography>
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {examples.data.slice(0, SHOWN).map((example) => {
          const names = {
            room: t(`catalogue.roomTypes.${asRoomType(example.roomType)}`),
            style: t(`catalogue.styles.${asStyle(example.style)}`),
          };
          return (
            <Grid key={example.id} size={{ xs: 12, sm: 6, md: 4 }} component="li" sx={{ minWidth: 0 }}>
              <Box component="figure" sx={{ m: 0 }}>
                <CompareSlider
                  before={example.beforeUrl}
                  after={example.afterUrl}
                  beforeAlt={t('freeTry.inspiration.before', names)}
                  afterAlt={t('freeTry.inspiration.after', names)}
                  label={t('freeTry.inspiration.compare', names)}
                />
                <Typography component="figcaption" variant="body2" sx={{ mt: 0.5 }}>
                  {t('freeTry.inspiration.caption', names)}
                </Typography>
              </Box>
            </Grid>
          );
        })}
      </Grid>
      <Button component={RouterLink} to={pathTo('FileUpload')} variant="outlined" sx={{ mt: 2 }}>
        {t('landing.examples.tryYours')}
      </Button>
    </Box>
  );
}
