import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { DEFAULT_LOCALE, isLocale, LOCALES } from '@estancia/contracts';
import { searchFaq } from '../faq';
import { reportProblemPath } from '../reported-page';
import { ContactForm } from './ContactForm';

/** The scenes of the tutorial video, in order: the list below is its transcript. */
const TUTORIAL_STEPS = ['photos', 'choose', 'decorate', 'review', 'results'] as const;

/**
 * Help (/help): the searchable FAQ in the interface language, how the product works and a contact form.
 * The tutorial video (43 s, silent, drawn and recorded by tools/tutorial-video.mjs into public/help/)
 * has captions in the three languages, the interface's shown by default; the step list under it is
 * its transcript for people who cannot watch it.
 */
export function HelpPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const language = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const entries = useMemo(() => searchFaq(t, deferred), [t, deferred]);

  return (
    <>
      <Typography component="h1" variant="h1" gutterBottom>
        {t('routes.Help')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('pages.Help')}</Typography>

      <Box component="section" aria-labelledby="help-faq" sx={{ mb: 4 }}>
        <Typography id="help-faq" component="h2" variant="h2" gutterBottom>
          {t('support.help.faqTitle')}
        </Typography>
        <TextField
          id="help-faq-search"
          type="search"
          label={t('support.help.search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          fullWidth
          margin="normal"
          slotProps={{ htmlInput: { 'aria-controls': 'help-faq-list' } }}
        />
        <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {entries.length === 0
            ? t('support.help.noResults', { query: deferred.trim() })
            : t('support.help.results', { count: entries.length })}
        </Typography>
        <div id="help-faq-list">
          {entries.map((entry) => (
            <Accordion key={entry.id} disableGutters>
              <AccordionSummary
                expandIcon={<ExpandMoreIcon />}
                id={`faq-${entry.id}-question`}
                aria-controls={`faq-${entry.id}-answer`}
              >
                {/* MUI wraps the summary in an h3 of its own. */}
                <Typography component="span" variant="subtitle1">
                  {entry.question}
                </Typography>
              </AccordionSummary>
              <AccordionDetails id={`faq-${entry.id}-answer`}>
                <Typography>{entry.answer}</Typography>
              </AccordionDetails>
            </Accordion>
          ))}
        </div>
      </Box>

      <Box component="section" aria-labelledby="help-video" sx={{ mb: 4 }}>
        <Typography id="help-video" component="h2" variant="h2" gutterBottom>
          {t('support.help.videoTitle')}
        </Typography>
        {/* Remounted on a language change: browsers pick the default track only when loading. */}
        <Box
          key={language}
          component="video"
          controls
          preload="metadata"
          poster="/help/tutorial-poster.jpg"
          aria-labelledby="help-video"
          aria-describedby="help-video-description"
          sx={{
            display: 'block',
            width: '100%',
            maxWidth: 960,
            aspectRatio: '16 / 9',
            bgcolor: 'grey.100',
            borderRadius: 1,
            mb: 2,
          }}
        >
          <source src="/help/tutorial.webm" type="video/webm" />
          {LOCALES.map((locale) => (
            <track
              key={locale}
              kind="captions"
              srcLang={locale}
              label={t(`language.names.${locale}`)}
              src={`/help/tutorial.${locale}.vtt`}
              default={locale === language}
            />
          ))}
          {t('support.help.videoFallback')}
        </Box>
        <Typography id="help-video-description" sx={{ mb: 1 }}>
          {t('support.help.videoDescription')}
        </Typography>
        <Box component="ol" sx={{ pl: 3, m: 0 }}>
          {TUTORIAL_STEPS.map((step) => (
            <Typography component="li" key={step} sx={{ mb: 0.5 }}>
              {t(`support.help.steps.${step}`)}
            </Typography>
          ))}
        </Box>
      </Box>

      <Box component="section" aria-labelledby="help-contact">
        <Typography id="help-contact" component="h2" variant="h2" gutterBottom>
          {t('support.help.contactTitle')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t('support.help.contactIntro')}</Typography>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720, mb: 2 }}>
          <ContactForm idPrefix="help-contact" />
        </Paper>
        <Link component={RouterLink} to={reportProblemPath(`${location.pathname}${location.search}`)}>
          {t('support.help.reportProblem')}
        </Link>
      </Box>
    </>
  );
}
