import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { WebhookDelivery, WebhookDeliveryState, WebhookEndpoint } from '@estancia/contracts';
import { visuallyHidden } from '@estancia/ui';
import { reportApiError } from '../../../shared/forms';
import { notifications } from '../../notifications/notifications';
import { useResendDelivery } from '../hooks/useWebhooks';
import { formatMoment } from './format';

const STATE_COLOURS: Record<WebhookDeliveryState, ChipProps['color']> = {
  pending: 'info',
  delivered: 'success',
  failed: 'error',
};

/** What the receiver answered last: its HTTP status and the start of its body, or why there was none. */
function LastAnswer({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  if (delivery.attempts === 0) return <>—</>;
  return (
    <>
      {delivery.lastStatus === null
        ? t('integrations.webhooks.deliveries.noAnswer')
        : t('integrations.webhooks.deliveries.status', { status: delivery.lastStatus })}
      {delivery.lastResponse && (
        <Typography
          variant="caption"
          color="text.secondary"
          title={delivery.lastResponse}
          sx={{
            display: 'block',
            maxWidth: '14rem',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {delivery.lastResponse}
        </Typography>
      )}
    </>
  );
}

/** The latest deliveries of every endpoint, with the receiver's answers and a "send again" button. */
export function WebhookDeliveries({
  deliveries,
  endpoints,
  labelledBy,
}: {
  deliveries: WebhookDelivery[];
  endpoints: WebhookEndpoint[];
  labelledBy: string;
}) {
  const { t, i18n } = useTranslation();
  const resend = useResendDelivery();
  const urls = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint.url]));

  if (deliveries.length === 0)
    return <Typography color="text.secondary">{t('integrations.webhooks.deliveries.empty')}</Typography>;

  const sendAgain = async (delivery: WebhookDelivery) => {
    try {
      await resend.mutateAsync(delivery.id);
      notifications.toast('information', { key: 'integrations.webhooks.deliveries.resent' });
    } catch (error) {
      reportApiError(error);
    }
  };

  return (
    // A wide table scrolls inside its own box on a phone; the box takes focus so the keyboard can scroll it.
    <Box
      role="region"
      aria-labelledby={labelledBy}
      tabIndex={0}
      sx={{ position: 'relative', overflowX: 'auto', maxWidth: '100%' }}
    >
      <Table size="small" aria-labelledby={labelledBy} sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('integrations.webhooks.deliveries.event')}</TableCell>
            <TableCell>{t('integrations.webhooks.deliveries.endpoint')}</TableCell>
            <TableCell>{t('integrations.webhooks.deliveries.state')}</TableCell>
            <TableCell align="right">{t('integrations.webhooks.deliveries.attempts')}</TableCell>
            <TableCell>{t('integrations.webhooks.deliveries.lastAnswer')}</TableCell>
            <TableCell>{t('integrations.webhooks.deliveries.time')}</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                {t('integrations.webhooks.deliveries.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {deliveries.map((delivery) => {
            const url = urls.get(delivery.endpointId);
            const event = t(`integrations.events.${delivery.event}`);
            const time = formatMoment(delivery.createdAt, i18n.language);
            const sending = resend.isPending && resend.variables === delivery.id;
            return (
              <TableRow key={delivery.id}>
                <TableCell>
                  {event}
                  <Typography
                    variant="caption"
                    component="code"
                    sx={{ display: 'block', color: 'text.secondary' }}
                  >
                    {delivery.event}
                  </Typography>
                </TableCell>
                <TableCell sx={{ minWidth: '12rem', maxWidth: '18rem', overflowWrap: 'anywhere' }}>
                  {url ?? t('integrations.webhooks.deliveries.endpointDeleted')}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={STATE_COLOURS[delivery.state]}
                    label={t(`integrations.webhooks.deliveries.states.${delivery.state}`)}
                  />
                </TableCell>
                <TableCell align="right">{delivery.attempts}</TableCell>
                <TableCell>
                  <LastAnswer delivery={delivery} />
                </TableCell>
                <TableCell>
                  {time}
                  {delivery.state === 'pending' && delivery.nextAttemptAt && (
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {t('integrations.webhooks.deliveries.nextAttempt', {
                        date: formatMoment(delivery.nextAttemptAt, i18n.language),
                      })}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={!url || sending}
                    aria-label={t('integrations.webhooks.deliveries.resendLabel', { event, date: time })}
                    onClick={() => void sendAgain(delivery)}
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    {t('integrations.webhooks.deliveries.resend')}
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
