import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../../app/route-meta';
import { useInspiration } from '../../free-try/api/free-try-api';
import { InspirationFigure } from '../../free-try/components/InspirationFigure';
import { LandingSection } from './LandingSection';

/** Enough to show the range without making a phone scroll through the whole gallery. */
const SHOWN = 3;

/** Before and after: the free try's gallery of our own rooms, decorated by our engine. Hidden without it. */
export function BeforeAfterExamples() {
  const { t } = useTranslation();
  const examples = useInspiration();
  if (!examples.data?.length) return null;
  return (
    <LandingSection section="examples" title={t('landing.examples.title')}>
      <Typography sx={{ mb: 2 }}>{t('landing.examples.intro')}</Typography>
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {examples.data.slice(0, SHOWN).map((example) => (
          <Grid key={example.id} size={{ xs: 12, sm: 6, md: 4 }} component="li" sx={{ minWidth: 0 }}>
            <InspirationFigure example={example} />
          </Grid>
        ))}
      </Grid>
      <Button component={RouterLink} to={pathTo('FileUpload')} variant="outlined" sx={{ mt: 2 }}>
        {t('landing.examples.tryYours')}
      </Button>
    </LandingSection>
  );
}
