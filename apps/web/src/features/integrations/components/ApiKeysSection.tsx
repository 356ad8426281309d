import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKey, CreatedApiKey } from '@estancia/contracts';
import { visuallyHidden } from '@estancia/ui';
import { reportApiError } from '../../../shared/forms';
import { notifications } from '../../notifications/notifications';
import { useRevokeApiKey, useRotateApiKey } from '../hooks/useApiKeys';
import { useShownSecret } from '../hooks/useShownSecret';
import { ConfirmDialog } from './ConfirmDialog';
import { CreateApiKeyDialog } from './CreateApiKeyDialog';
import { formatMoment } from './format';
import { ItemRow } from './ItemRow';
import { SecretDialog } from './SecretDialog';

const MONOSPACE = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

type Pending = { action: 'rotate' | 'revoke'; key: ApiKey };

function ApiKeyRow({ apiKey, onAsk }: { apiKey: ApiKey; onAsk: (asked: Pending) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <ItemRow
      title={apiKey.name}
      actions={
        <>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              size="small"
              aria-label={t('integrations.keys.rotateLabel', { name: apiKey.name })}
              onClick={() => onAsk({ action: 'rotate', key: apiKey })}
            >
              {t('integrations.keys.rotate')}
            </Button>
            <Button
              variant="outlined"
              size="small"
              color="error"
              aria-label={t('integrations.keys.revokeLabel', { name: apiKey.name })}
              onClick={() => onAsk({ action: 'revoke', key: apiKey })}
            >
              {t('integrations.keys.revoke')}
            </Button>
          </Box>
        </>
      }
    >
      <Typography variant="body2">
        <Box component="span" sx={visuallyHidden}>
          {t('integrations.keys.prefix')}{' '}
        </Box>
        <Box component="code" sx={{ fontFamily: MONOSPACE }}>
          {apiKey.prefix}…
        </Box>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('integrations.keys.created', { date: formatMoment(apiKey.createdAt, i18n.language) })}
        {' · '}
        {apiKey.lastUsedAt
          ? t('integrations.keys.lastUsed', { date: formatMoment(apiKey.lastUsedAt, i18n.language) })
          : t('integrations.keys.neverUsed')}
      </Typography>
    </ItemRow>
  );
}

/** Create, list, rotate and revoke API keys; a new or rotated key's secret is shown once. */
export function ApiKeysSection({ keys }: { keys: ApiKey[] }) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  // The asked action outlives its dialog's closing animation, so the text does not vanish while it fades.
  const [pending, setPending] = useState<Pending | null>(null);
  const [confirming, setConfirming] = useState(false);
  const ask = (asked: Pending) => {
    setPending(asked);
    setConfirming(true);
  };
  const secret = useShownSecret();
  const rotate = useRotateApiKey();
  const revoke = useRevokeApiKey();
  const busy = rotate.isPending || revoke.isPending;

  const showSecret = (key: CreatedApiKey, rotated: boolean) =>
    secret.show({
      kind: 'key',
      title: t(rotated ? 'integrations.keys.shown.rotatedTitle' : 'integrations.keys.shown.title', {
        name: key.name,
      }),
      text: t('integrations.keys.shown.text'),
      secret: key.secret,
    });

  const confirm = async () => {
    if (!pending) return;
    try {
      if (pending.action === 'rotate') {
        showSecret(await rotate.mutateAsync(pending.key.id), true);
      } else {
        await revoke.mutateAsync(pending.key.id);
        notifications.toast('information', { key: 'integrations.keys.revoked' });
      }
    } catch (error) {
      reportApiError(error);
    }
    setConfirming(false);
  };

  return (
    <>
      <Typography sx={{ mt: 1 }}>{t('integrations.keys.text')}</Typography>
      <Button
        variant="contained"
        startIcon={<AddIcon aria-hidden />}
        sx={{ my: 2 }}
        onClick={() => setCreating(true)}
      >
        {t('integrations.keys.createButton')}
      </Button>
      {keys.length === 0 ? (
        <Typography color="text.secondary">{t('integrations.keys.empty')}</Typography>
      ) : (
        <Box
          component="ul"
          aria-label={t('integrations.keys.listLabel')}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
        >
          {keys.map((key) => (
            <ApiKeyRow key={key.id} apiKey={key} onAsk={ask} />
          ))}
        </Box>
      )}

      <CreateApiKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          showSecret(created, false);
        }}
      />
      <ConfirmDialog
        open={confirming}
        title={
          pending ? t(`integrations.keys.${pending.action}Dialog.title`, { name: pending.key.name }) : ''
        }
        text={
          pending ? t(`integrations.keys.${pending.action}Dialog.text`, { prefix: pending.key.prefix }) : ''
        }
        confirmLabel={pending ? t(`integrations.keys.${pending.action}Dialog.confirm`) : ''}
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      />
      <SecretDialog state={secret} />
    </>
  );
}
