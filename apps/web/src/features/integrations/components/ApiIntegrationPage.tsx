import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lostApiAccess, useApiKeys } from '../hooks/useApiKeys';
import { ApiAccessOffer } from './ApiAccessOffer';
import { ApiKeysSection } from './ApiKeysSection';
import { DocumentationSection } from './DocumentationSection';
import { QuickStartSection } from './QuickStartSection';
import { WebhooksSection } from './WebhooksSection';

const SECTIONS = ['keys', 'webhooks', 'quickStart', 'docs'] as const;
type Section = (typeof SECTIONS)[number];

function IntegrationSection({ id, children }: { id: Section; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper
      component="section"
      variant="outlined"
      id={`api-${id}`}
      aria-labelledby={`api-${id}-title`}
      sx={{ p: { xs: 2, sm: 3 }, mb: 3, scrollMarginTop: 96, minWidth: 0 }}
    >
      <Typography component="h2" variant="h2" id={`api-${id}-title`}>
        {t(`integrations.sections.${id}`)}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * /api-integration: the integrator API of the user's plan. With API access: keys, webhooks, a quick
 * start and the interactive documentation; without it, what the API does and the plans that include it.
 */
export function ApiIntegrationPage() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  // The API may refuse the list itself to a plan without access: that is the same as apiAccess false.
  const refused = lostApiAccess(keys.error);

  let content: ReactNode;
  if (keys.isPending) content = <CircularProgress aria-label={t('common.loading')} />;
  else if (refused || (keys.data && !keys.data.apiAccess))
    content = <ApiAccessOffer hasKeys={(keys.data?.keys.length ?? 0) > 0} />;
  else if (keys.isError)
    content = (
      <Box role="alert">
        <Typography>{t('integrations.loadError')}</Typography>
        <Button sx={{ mt: 1 }} onClick={() => void keys.refetch()}>
          {t('integrations.retry')}
        </Button>
      </Box>
    );
  else
    content = (
      <>
        <Box component="nav" aria-label={t('integrations.sectionsLabel')} sx={{ mb: 3 }}>
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 1 }}
          >
            {SECTIONS.map((id) => (
              <li key={id}>
                <Link href={`#api-${id}`} underline="always">
                  {t(`integrations.sections.${id}`)}
                </Link>
              </li>
            ))}
          </Box>
        </Box>
        <IntegrationSection id="keys">
          <ApiKeysSection keys={keys.data.keys} />
        </IntegrationSection>
        <IntegrationSection id="webhooks">
          <WebhooksSection />
        </IntegrationSection>
        <IntegrationSection id="quickStart">
          <QuickStartSection />
        </IntegrationSection>
        <IntegrationSection id="docs">
          <DocumentationSection />
        </IntegrationSection>
      </>
    );

  return (
    // min-width 0: wide code and tables scroll inside their own boxes, never the page (390 px phones).
    <Box sx={{ minWidth: 0, maxWidth: '100%' }}>
      <Typography component="h1" variant="h1" gutterBottom>
        {t('routes.ApiIntegration')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('integrations.intro')}</Typography>
      {content}
    </Box>
  );
}
