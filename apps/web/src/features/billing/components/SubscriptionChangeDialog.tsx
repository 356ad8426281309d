import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import {
  ErrorCode,
  type BillingCycle,
  type PlanCode,
  type PlanList,
  type Subscription,
  type SubscriptionChangePreview,
} from '@estancia/contracts';
import { pathTo } from '../../../app/route-meta';
import { ApiRequestError } from '../../../shared/api';
import { formatLongDate } from '../../account/components/account-format';
import { notifications } from '../../notifications/notifications';
import { usePlans } from '../api/catalogue';
import { useChangeSubscription, useSubscription, useSubscriptionPreview } from '../api/subscription';
import { formatMoney } from '../money';

export interface SubscriptionChangeDialogProps {
  open: boolean;
  plan: PlanCode;
  cycle: BillingCycle;
  onClose: () => void;
}

const planName = (plans: PlanList | undefined, code: PlanCode): string =>
  plans?.find((p) => p.code === code)?.name ?? code;

/** What the preview means for the user, in one or two sentences. */
function PreviewExplanation({
  preview,
  current,
  plans,
}: {
  preview: SubscriptionChangePreview;
  current: Subscription | null | undefined;
  plans: PlanList | undefined;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const target = planName(plans, preview.plan);
  const cycle = t(`billingAccount.cycles.${preview.cycle}`);
  if (preview.effective === 'now') {
    return (
      <>
        <DialogContentText>
          {t('billingAccount.change.upgrade', {
            amount: formatMoney(preview.amountCents, locale),
            plan: target,
            cycle,
          })}
        </DialogContentText>
        {preview.creditsNow > 0 && (
          <DialogContentText sx={{ mt: 1 }}>
            {t('billingAccount.change.upgradeCredits', { count: preview.creditsNow })}
          </DialogContentText>
        )}
      </>
    );
  }
  const date = formatLongDate(preview.effectiveAt, locale);
  if (current && current.plan === preview.plan && current.cycle === preview.cycle) {
    return (
      <DialogContentText>
        {current.scheduledChange
          ? t('billingAccount.change.keepClearsScheduled', { plan: target, cycle, date })
          : t('billingAccount.change.keep', { plan: target, cycle })}
      </DialogContentText>
    );
  }
  const chosen = plans?.find((p) => p.code === preview.plan);
  const priceCents =
    chosen && (preview.cycle === 'annual' ? chosen.annualPriceCents : chosen.monthlyPriceCents);
  return (
    <DialogContentText>
      {t(priceCents ? 'billingAccount.change.later' : 'billingAccount.change.laterNoPrice', {
        current: current ? planName(plans, current.plan) : '',
        date,
        plan: target,
        cycle,
        price: priceCents ? formatMoney(priceCents, locale) : '',
      })}
    </DialogContentText>
  );
}

/** Why the change did not go through, with the way out when there is one. */
function ChangeError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const code = error instanceof ApiRequestError ? error.code : ErrorCode.INTERNAL;
  if (code === ErrorCode.PAYMENT_METHOD_REQUIRED) {
    return (
      <Alert severity="warning" sx={{ mt: 2 }}>
        {t('errors:PAYMENT_METHOD_REQUIRED')}{' '}
        <Link component={RouterLink} to={pathTo('AddCard')} underline="always">
          {t('billingAccount.change.addCard')}
        </Link>
      </Alert>
    );
  }
  if (code === ErrorCode.PAYMENT_DECLINED) {
    return (
      <Alert severity="error" sx={{ mt: 2 }} role="alert">
        <strong>{t('billingAccount.change.rejectedTitle')}</strong> {t('errors:PAYMENT_DECLINED')}
      </Alert>
    );
  }
  return (
    <Alert severity="error" sx={{ mt: 2 }} role="alert">
      {t(`errors:${code}`)}
    </Alert>
  );
}

/**
 * Changing the plan or cycle of a subscription: previews what happens and when (an upgrade charges the
 * remaining days now, anything else waits for the period's end), then confirms.
 */
export function SubscriptionChangeDialog({ open, plan, cycle, onClose }: SubscriptionChangeDialogProps) {
  const { t } = useTranslation();
  const preview = useSubscriptionPreview(plan, cycle, { enabled: open });
  const current = useSubscription();
  const plans = usePlans();
  const change = useChangeSubscription();

  const close = () => {
    change.reset();
    onClose();
  };
  const confirm = () =>
    change.mutate(
      { plan, cycle },
      {
        onSuccess: () => {
          notifications.toast('information', {
            key:
              preview.data?.effective === 'now'
                ? 'billingAccount.change.doneNow'
                : 'billingAccount.change.doneScheduled',
          });
          close();
        },
      },
    );

  return (
    <Dialog open={open} onClose={close} aria-labelledby="subscription-change-title" fullWidth maxWidth="sm">
      <DialogTitle id="subscription-change-title">
        {t('billingAccount.change.title', {
          plan: planName(plans.data, plan),
          cycle: t(`billingAccount.cycles.${cycle}`),
        })}
      </DialogTitle>
      <DialogContent>
        {preview.isPending && <CircularProgress size={24} aria-label={t('common.loading')} />}
        {preview.isError && <ChangeError error={preview.error} />}
        {preview.data && (
          <PreviewExplanation preview={preview.data} current={current.data} plans={plans.data} />
        )}
        {change.isError && <ChangeError error={change.error} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={confirm} disabled={!preview.data || change.isPending}>
          {preview.data?.effective === 'now'
            ? t('billingAccount.change.confirmNow')
            : t('billingAccount.change.confirmLater')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
