import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../../app/route-meta';
import type { FaqId } from '../../support/faq';
import { LandingSection } from './LandingSection';

/** The questions a visitor asks before trying: the Help page's answers, which visitors cannot open. */
const VISITOR_QUESTIONS: readonly FaqId[] = [
  'freeTry',
  'automaticVsSupervised',
  'credits',
  'packs',
  'photos',
];

export function LandingFaq() {
  const { t } = useTranslation();
  return (
    <LandingSection section="faq" title={t('landing.faq.title')}>
      <div>
        {VISITOR_QUESTIONS.map((id) => (
          <Accordion key={id} disableGutters>
            <AccordionSummary
              expandIcon={<ExpandMoreIcon />}
              id={`landing-faq-${id}-question`}
              aria-controls={`landing-faq-${id}-answer`}
            >
              <Typography component="span" variant="subtitle1">
                {t(`support.faq.${id}.q`)}
              </Typography>
            </AccordionSummary>
            <AccordionDetails id={`landing-faq-${id}-answer`}>
              <Typography>{t(`support.faq.${id}.a`)}</Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </div>
      <Typography sx={{ mt: 2 }}>
        {t('landing.faq.more')}{' '}
        <Link component={RouterLink} to={pathTo('ContactUs')} underline="always">
          {t('landing.faq.contact')}
        </Link>
      </Typography>
    </LandingSection>
  );
}
