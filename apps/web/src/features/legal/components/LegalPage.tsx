import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { pathTo } from '../../../app/route-meta';
import {
  isLegalDocument,
  LEGAL_DOCUMENTS,
  LEGAL_SECTIONS,
  legalPath,
  paragraphKeys,
} from '../legal-documents';

const internalLink = (to: string) => <Link component={RouterLink} to={to} underline="always" />;

/** The pages a legal paragraph may point to, as <contact>…</contact> and the like in its text. */
const PARAGRAPH_LINKS = {
  contact: internalLink(pathTo('ContactUs')),
  account: internalLink(pathTo('Account')),
  terms: internalLink(legalPath('terms')),
  privacy: internalLink(legalPath('privacy')),
  cookies: internalLink(legalPath('cookies')),
};

/**
 * /legal/:document — the terms of use, privacy policy or cookie policy, published inside the product so
 * the Register consent and the footer never send anyone to another site. An unknown document shows
 * `notFound`, the app's 404 page, which the router passes in.
 */
export function LegalPage({ notFound }: { notFound: ReactNode }) {
  const { t } = useTranslation();
  const { document } = useParams();
  if (!isLegalDocument(document)) return <>{notFound}</>;

  const titleId = `legal-${document}-title`;
  return (
    <Box
      component="article"
      aria-labelledby={titleId}
      // About 70 characters a line reads well; long words (addresses) wrap instead of widening a phone screen.
      sx={{ maxWidth: '70ch', mx: 'auto', overflowWrap: 'anywhere' }}
    >
      <Typography id={titleId} component="h1" variant="h1" gutterBottom>
        {t(`legal.${document}.title`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('legal.updated')}
      </Typography>
      <Typography sx={{ mb: 3 }}>
        <Trans t={t} i18nKey={`legal.${document}.intro`} components={PARAGRAPH_LINKS} />
      </Typography>

      {LEGAL_SECTIONS[document].map((section) => {
        const headingId = `legal-${document}-${section.key}`;
        return (
          <Box key={section.key} component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
            <Typography id={headingId} component="h2" variant="h3" gutterBottom>
              {t(`legal.${document}.sections.${section.key}.title`)}
            </Typography>
            {paragraphKeys(document, section).map((key) => (
              <Typography key={key} sx={{ mb: 1.5 }}>
                <Trans t={t} i18nKey={key} components={PARAGRAPH_LINKS} />
              </Typography>
            ))}
          </Box>
        );
      })}

      <Box
        component="nav"
        aria-label={t('legal.otherDocuments')}
        sx={{ borderTop: 1, borderColor: 'divider', pt: 2, mt: 4 }}
      >
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          {LEGAL_DOCUMENTS.filter((other) => other !== document).map((other) => (
            <li key={other}>
              <Link component={RouterLink} to={legalPath(other)} underline="always">
                {t(`legal.${other}.title`)}
              </Link>
            </li>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
