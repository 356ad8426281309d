import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { INTEGRATION_HEADERS, WEBHOOK_RETRY_HOURS, type WebhookEndpoint } from '@estancia/contracts';
import { reportApiError } from '../../../shared/forms';
import { notifications } from '../../notifications/notifications';
import { useShownSecret } from '../hooks/useShownSecret';
import { useDeleteWebhook, useWebhooks } from '../hooks/useWebhooks';
import { SIGNATURE_CHECK } from '../snippets';
import { AddWebhookDialog } from './AddWebhookDialog';
import { CodeBlock } from './CodeBlock';
import { ConfirmDialog } from './ConfirmDialog';
import { SecretDialog } from './SecretDialog';
import { ItemRow } from './ItemRow';
import { WebhookDeliveries } from './WebhookDeliveries';

function EndpointRow({ endpoint, onDelete }: { endpoint: WebhookEndpoint; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <ItemRow
      title={endpoint.url}
      actions={
        <Button
          variant="outlined"
          size="small"
          color="error"
          aria-label={t('integrations.webhooks.deleteLabel', { url: endpoint.url })}
          onClick={onDelete}
        >
          {t('integrations.webhooks.delete')}
        </Button>
      }
    >
      <Box
        component="ul"
        aria-label={t('integrations.webhooks.endpointEvents')}
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}
      >
        {endpoint.events.map((event) => (
          <li key={event}>
            <Chip size="small" variant="outlined" label={t(`integrations.events.${event}`)} />
          </li>
        ))}
      </Box>
    </ItemRow>
  );
}

/** Endpoints (add with their events, delete), recent deliveries and how to verify their signature. */
export function WebhooksSection() {
  const { t } = useTranslation();
  const webhooks = useWebhooks();
  const remove = useDeleteWebhook();
  const secret = useShownSecret();
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<WebhookEndpoint | null>(null);
  const [confirming, setConfirming] = useState(false);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      notifications.toast('information', { key: 'integrations.webhooks.deleted' });
    } catch (error) {
      reportApiError(error);
    }
    setConfirming(false);
  };

  return (
    <>
      <Typography sx={{ mt: 1 }}>
        {t('integrations.webhooks.text', { hours: WEBHOOK_RETRY_HOURS })}
      </Typography>
      <Button
        variant="contained"
        startIcon={<AddIcon aria-hidden />}
        sx={{ my: 2 }}
        onClick={() => setAdding(true)}
      >
        {t('integrations.webhooks.addButton')}
      </Button>

      <Typography component="h3" variant="h3" id="webhooks-endpoints" sx={{ mt: 1, mb: 1 }}>
        {t('integrations.webhooks.endpoints')}
      </Typography>
      {webhooks.isPending ? (
        <CircularProgress size={24} aria-label={t('common.loading')} />
      ) : webhooks.isError ? (
        <Typography role="alert">{t('integrations.loadError')}</Typography>
      ) : (
        <>
          {webhooks.data.endpoints.length === 0 ? (
            <Typography color="text.secondary">{t('integrations.webhooks.empty')}</Typography>
          ) : (
            <Box
              component="ul"
              aria-labelledby="webhooks-endpoints"
              sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
            >
              {webhooks.data.endpoints.map((endpoint) => (
                <EndpointRow
                  key={endpoint.id}
                  endpoint={endpoint}
                  onDelete={() => {
                    setToDelete(endpoint);
                    setConfirming(true);
                  }}
                />
              ))}
            </Box>
          )}

          <Typography component="h3" variant="h3" id="webhooks-deliveries" sx={{ mt: 3, mb: 1 }}>
            {t('integrations.webhooks.deliveries.title')}
          </Typography>
          <WebhookDeliveries
            deliveries={webhooks.data.deliveries}
            endpoints={webhooks.data.endpoints}
            labelledBy="webhooks-deliveries"
          />
        </>
      )}

      <Typography component="h3" variant="h3" sx={{ mt: 3, mb: 1 }}>
        {t('integrations.webhooks.verify.title')}
      </Typography>
      <Typography>
        <Trans
          i18nKey="integrations.webhooks.verify.text"
          values={{ header: INTEGRATION_HEADERS.signature }}
          components={{ code: <code /> }}
        />
      </Typography>
      <CodeBlock code={SIGNATURE_CHECK} title={t('integrations.webhooks.verify.codeTitle')} />

      <AddWebhookDialog
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(endpoint) => {
          setAdding(false);
          secret.show({
            kind: 'webhook',
            title: t('integrations.webhooks.shown.title'),
            text: t('integrations.webhooks.shown.text', { url: endpoint.url }),
            secret: endpoint.secret,
          });
        }}
      />
      <ConfirmDialog
        open={confirming}
        title={t('integrations.webhooks.deleteDialog.title')}
        text={toDelete ? t('integrations.webhooks.deleteDialog.text', { url: toDelete.url }) : ''}
        confirmLabel={t('integrations.webhooks.deleteDialog.confirm')}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setConfirming(false)}
      />
      <SecretDialog state={secret} />
    </>
  );
}
