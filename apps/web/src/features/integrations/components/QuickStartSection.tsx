import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { INTEGRATION_HEADERS } from '@estancia/contracts';
import { curlSteps, nodeScript } from '../snippets';
import { CodeBlock } from './CodeBlock';

const LANGUAGES = ['curl', 'node'] as const;
type Language = (typeof LANGUAGES)[number];

const code = <code />;

/** Copy-paste calls (curl and Node's fetch) that stage a photo end to end against this very address. */
export function QuickStartSection() {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<Language>('curl');
  const origin = window.location.origin;

  return (
    <>
      <Typography sx={{ mt: 1 }}>{t('integrations.quickStart.text')}</Typography>
      <Box component="ul" sx={{ pl: 3, my: 1 }}>
        <li>
          {t('integrations.quickStart.auth')}{' '}
          <code>{`Authorization: Bearer <${t('integrations.quickStart.yourKey')}>`}</code>.{' '}
          <Trans
            i18nKey="integrations.quickStart.keyVariable"
            values={{ variable: 'ESTANCIA_API_KEY' }}
            components={{ code }}
          />
        </li>
        <li>
          <Trans
            i18nKey="integrations.quickStart.idempotency"
            values={{ header: INTEGRATION_HEADERS.idempotencyKey }}
            components={{ code }}
          />
        </li>
        <li>
          <Trans
            i18nKey="integrations.quickStart.rateLimit"
            values={{ header: INTEGRATION_HEADERS.retryAfter }}
            components={{ code }}
          />
        </li>
      </Box>

      <Tabs
        value={language}
        onChange={(_, value: Language) => setLanguage(value)}
        aria-label={t('integrations.quickStart.languages')}
        sx={{ mt: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {LANGUAGES.map((id) => (
          <Tab
            key={id}
            value={id}
            label={t(`integrations.quickStart.tabs.${id}`)}
            id={`quick-start-tab-${id}`}
            aria-controls={`quick-start-panel-${id}`}
          />
        ))}
      </Tabs>
      {language === 'curl' ? (
        <Box
          role="tabpanel"
          id="quick-start-panel-curl"
          aria-labelledby="quick-start-tab-curl"
          sx={{ pt: 2 }}
        >
          <Typography>
            <Trans
              i18nKey="integrations.quickStart.curlIntro"
              values={{ variables: 'PROJECT_ID, IMAGE_ID, DECORATION_ID' }}
              components={{ code }}
            />
          </Typography>
          <CodeBlock
            code={'export ESTANCIA_API_KEY="est_…"'}
            title={t('integrations.quickStart.steps.setKey')}
          />
          {curlSteps(origin).map((step, index) => (
            <CodeBlock
              key={step.id}
              code={step.code}
              title={t('integrations.quickStart.stepTitle', {
                number: index + 1,
                step: t(`integrations.quickStart.steps.${step.id}`),
              })}
            />
          ))}
        </Box>
      ) : (
        <Box
          role="tabpanel"
          id="quick-start-panel-node"
          aria-labelledby="quick-start-tab-node"
          sx={{ pt: 2 }}
        >
          <Typography>
            <Trans
              i18nKey="integrations.quickStart.nodeIntro"
              values={{ file: 'stage-photo.mjs', command: 'ESTANCIA_API_KEY=est_… node stage-photo.mjs' }}
              components={{ code }}
            />
          </Typography>
          <CodeBlock code={nodeScript(origin)} title={t('integrations.quickStart.nodeTitle')} />
        </Box>
      )}
    </>
  );
}
