import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Subscription } from '@estancia/contracts';
import { PlanChip } from '@estancia/ui';
import { formatMoney } from '../money';
import { subscriptionOutlook } from '../subscription-outlook';

const formatDate = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(iso));

/** What comes next, in one sentence: the renewal, the scheduled change or the cancellation. */
function OutlookSentence({
  subscription,
  date,
  cycle,
}: {
  subscription: Subscription;
  date: (iso: string) => string;
  cycle: (value: Subscription['cycle']) => string;
}) {
  const { t } = useTranslation();
  const outlook = subscriptionOutlook(subscription);
  switch (outlook.kind) {
    case 'ended':
      return (
        <Typography data-testid="subscription-period-end">
          {t('offers.active.endsOn', { date: date(outlook.date) })}
        </Typography>
      );
    case 'cancelled':
      return (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="subscription-period-end">
          {t('offers.active.cancelAtPeriodEnd', { date: date(outlook.date) })}
        </Alert>
      );
    case 'changing':
      return (
        <Alert severity="info" sx={{ mt: 1 }} data-testid="scheduled-change">
          {t('offers.active.scheduledChange', {
            plan: outlook.plan,
            cycle: cycle(outlook.cycle),
            date: date(outlook.date),
          })}
        </Alert>
      );
    case 'renews':
      return (
        <Typography data-testid="subscription-period-end">
          {t('offers.active.renewsOn', { date: date(outlook.date) })}
        </Typography>
      );
  }
}

/** The subscriber's plan, cycle and end date, with what is already set to change at the period's end. */
export function ActiveSubscriptionView({
  subscription,
  loading,
}: {
  subscription: Subscription | null | undefined;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation();
  if (loading) return <CircularProgress aria-label={t('common.loading')} size={24} />;
  if (!subscription) return null;
  const date = (iso: string) => formatDate(iso, i18n.language);
  const cycle = (value: Subscription['cycle']) => t(`offers.cycle.${value}`);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="active-subscription-title" sx={{ p: 2 }}>
      <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
        <Typography id="active-subscription-title" variant="h3" component="h3">
          {t('offers.active.title')}
        </Typography>
        <PlanChip planName={subscription.plan} />
      </Stack>
      <Typography sx={{ mt: 1 }}>
        {t('offers.active.summary', {
          plan: subscription.planName,
          cycle: cycle(subscription.cycle),
          price: formatMoney(subscription.priceCents, i18n.language),
        })}
      </Typography>
      <OutlookSentence subscription={subscription} date={date} cycle={cycle} />
    </Paper>
  );
}
