import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import {
  BILLING_CYCLES,
  type BillingCycle,
  type PlanCode,
  type PlanList,
  type Subscription,
} from '@estancia/contracts';
import { PlanChip } from '@estancia/ui';
import { pathTo } from '../../../app/route-meta';
import { reportApiError } from '../../../shared/forms';
import { usePlans } from '../../billing/api/catalogue';
import {
  useCancelSubscription,
  useResumeSubscription,
  useSubscription,
} from '../../billing/api/subscription';
import { SubscriptionChangeDialog } from '../../billing/components/SubscriptionChangeDialog';
import { formatMoney } from '../../billing/money';
import { subscriptionOutlook } from '../../billing/subscription-outlook';
import { notifications } from '../../notifications/notifications';
import { formatLongDate } from './account-format';

const nameOf = (plans: PlanList | undefined, code: PlanCode): string =>
  plans?.find((p) => p.code === code)?.name ?? code;

interface Choice {
  plan: PlanCode;
  cycle: BillingCycle;
}

/** Picks the plan and cycle to change to; what that means is told by the change dialog after it. */
function PlanPickerDialog({
  open,
  subscription,
  plans,
  onClose,
  onChosen,
}: {
  open: boolean;
  subscription: Subscription;
  plans: PlanList | undefined;
  onClose: () => void;
  onChosen: (choice: Choice) => void;
}) {
  const { t, i18n } = useTranslation();
  const [choice, setChoice] = useState<Choice>({ plan: subscription.plan, cycle: subscription.cycle });
  // Choosing today's plan again only makes sense to clear a scheduled change.
  const unchanged =
    choice.plan === subscription.plan && choice.cycle === subscription.cycle && !subscription.scheduledChange;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="plan-picker-title">
      <DialogTitle id="plan-picker-title">{t('billingAccount.subscription.pickerTitle')}</DialogTitle>
      <DialogContent>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={choice.cycle}
          aria-label={t('billingAccount.subscription.cycle')}
          onChange={(_, cycle: BillingCycle | null) => cycle && setChoice({ ...choice, cycle })}
          sx={{ mb: 2 }}
        >
          {BILLING_CYCLES.map((cycle) => (
            <ToggleButton key={cycle} value={cycle}>
              {t(`billingAccount.cycles.${cycle}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <FormControl>
          <FormLabel id="plan-picker-plans">{t('billingAccount.subscription.plan')}</FormLabel>
          <RadioGroup
            aria-labelledby="plan-picker-plans"
            value={choice.plan}
            onChange={(_, plan) => setChoice({ ...choice, plan: plan as PlanCode })}
          >
            {(plans ?? []).map((plan) => (
              <FormControlLabel
                key={plan.code}
                value={plan.code}
                control={<Radio />}
                label={t('billingAccount.subscription.planOption', {
                  plan: plan.name,
                  price: formatMoney(
                    choice.cycle === 'annual' ? plan.annualPriceCents : plan.monthlyPriceCents,
                    i18n.language,
                  ),
                  cycle: t(`billingAccount.cycles.${choice.cycle}`),
                })}
              />
            ))}
          </RadioGroup>
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={unchanged || !plans} onClick={() => onChosen(choice)}>
          {t('billingAccount.subscription.continue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** One sentence for what comes next (renewal, scheduled change, cancellation or end), never two that disagree. */
function SubscriptionOutlookSentence({
  subscription,
  planName,
}: {
  subscription: Subscription;
  planName: (code: PlanCode) => string;
}) {
  const { t, i18n } = useTranslation();
  const outlook = subscriptionOutlook(subscription);
  const date = formatLongDate(outlook.date, i18n.language);
  switch (outlook.kind) {
    case 'ended':
      return <Typography sx={{ mt: 1 }}>{t('billingAccount.subscription.endedOn', { date })}</Typography>;
    case 'renews':
      return <Typography sx={{ mt: 1 }}>{t('billingAccount.subscription.renewsOn', { date })}</Typography>;
    case 'cancelled':
      return (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {t('billingAccount.subscription.cancelNotice', { date })}
        </Alert>
      );
    case 'changing':
      return (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('billingAccount.subscription.scheduledNotice', {
            date,
            current: subscription.planName,
            plan: planName(outlook.plan),
            cycle: t(`billingAccount.cycles.${outlook.cycle}`),
          })}
        </Alert>
      );
  }
}

function SubscriptionDetails({ subscription }: { subscription: Subscription }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const plans = usePlans();
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const [picking, setPicking] = useState(false);
  const [change, setChange] = useState<Choice | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const endDate = formatLongDate(subscription.currentPeriodEnd, locale);
  const live = subscription.isActive || subscription.status === 'past_due';

  const cancelSubscription = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        setConfirmingCancel(false);
        notifications.toast('information', {
          key: 'billingAccount.subscription.cancelled',
          values: { date: endDate },
        });
      },
      onError: (error) => {
        setConfirmingCancel(false);
        reportApiError(error);
      },
    });
  const resumeSubscription = () =>
    resume.mutate(undefined, {
      onSuccess: () => notifications.toast('information', { key: 'billingAccount.subscription.resumed' }),
      onError: (error) => reportApiError(error),
    });

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 1 }}>
        <PlanChip planName={subscription.plan} label={subscription.planName} />
        <Typography>
          {t('billingAccount.subscription.price', {
            price: formatMoney(subscription.priceCents, locale),
            cycle: t(`billingAccount.cycles.${subscription.cycle}`),
          })}
        </Typography>
        <Typography color="text.secondary">
          {t('billingAccount.subscription.status', {
            status: t(`billingAccount.subscription.statuses.${subscription.status}`),
          })}
        </Typography>
      </Box>
      <SubscriptionOutlookSentence
        subscription={subscription}
        planName={(code) => nameOf(plans.data, code)}
      />
      {subscription.status === 'past_due' && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('billingAccount.subscription.pastDue')}{' '}
          <Link component={RouterLink} to={pathTo('AddCard')} underline="always">
            {t('billingAccount.subscription.changeCard')}
          </Link>
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        {live ? (
          <>
            <Button variant="contained" onClick={() => setPicking(true)}>
              {t('billingAccount.subscription.changePlan')}
            </Button>
            {subscription.cancelAtPeriodEnd ? (
              <Button variant="outlined" onClick={resumeSubscription} disabled={resume.isPending}>
                {t('billingAccount.subscription.resume')}
              </Button>
            ) : (
              <Button color="error" onClick={() => setConfirmingCancel(true)}>
                {t('billingAccount.subscription.cancel')}
              </Button>
            )}
          </>
        ) : (
          <Button variant="contained" component={RouterLink} to={pathTo('Offers')}>
            {t('billingAccount.subscription.seeOffers')}
          </Button>
        )}
      </Box>
      {picking && (
        <PlanPickerDialog
          open
          subscription={subscription}
          plans={plans.data}
          onClose={() => setPicking(false)}
          onChosen={(choice) => {
            setPicking(false);
            setChange(choice);
          }}
        />
      )}
      {change && (
        <SubscriptionChangeDialog
          open
          plan={change.plan}
          cycle={change.cycle}
          onClose={() => setChange(null)}
        />
      )}
      <Dialog
        open={confirmingCancel}
        onClose={() => setConfirmingCancel(false)}
        aria-labelledby="cancel-subscription-title"
      >
        <DialogTitle id="cancel-subscription-title">
          {t('billingAccount.subscription.cancelTitle')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t('billingAccount.subscription.cancelConfirm', { plan: subscription.planName, date: endDate })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmingCancel(false)}>{t('billingAccount.subscription.keep')}</Button>
          <Button color="error" variant="contained" onClick={cancelSubscription} disabled={cancel.isPending}>
            {t('billingAccount.subscription.cancelAction')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The user's plan, cycle and dates, with change, cancel and resume; an invitation when there is none. */
export function SubscriptionSection() {
  const { t } = useTranslation();
  const subscription = useSubscription();
  if (subscription.isPending) return <CircularProgress size={24} aria-label={t('common.loading')} />;
  if (subscription.isError) return <Typography role="alert">{t('billingAccount.loadError')}</Typography>;
  if (!subscription.data) {
    return (
      <Box sx={{ mt: 1 }}>
        <Typography>{t('billingAccount.subscription.none')}</Typography>
        <Button variant="contained" component={RouterLink} to={pathTo('Offers')} sx={{ mt: 2 }}>
          {t('billingAccount.subscription.seeOffers')}
        </Button>
      </Box>
    );
  }
  return <SubscriptionDetails subscription={subscription.data} />;
}
