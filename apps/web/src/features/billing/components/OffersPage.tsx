import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import {
  ErrorCode,
  type BillingCycle,
  type CheckoutRequest,
  type Coupon,
  type Plan,
  type PlanCode,
} from '@estancia/contracts';
import { ApiRequestError } from '../../../shared/api';
import { reportApiError } from '../../../shared/forms';
import { useSession } from '../../session/session';
import { usePacks, usePlans, type CouponKind } from '../api/catalogue';
import { useStartCheckout } from '../api/checkout';
import { useSubscription } from '../api/subscription';
import { PACKS_ANCHOR, wantsPacks } from '../sections';
import { ActiveSubscriptionView } from './ActiveSubscriptionView';
import { CouponField } from './CouponField';
import { PackCard } from './PackCard';
import { PaymentCancelDialog, RegisterToSubscribeDialog } from './PaymentDialogs';
import { PlanCard } from './PlanCard';
import { SubscriptionChangeDialog } from './SubscriptionChangeDialog';

/** Checkout refusals said on the coupon field (the coupon is unknown, used up, or already used by this customer). */
const COUPON_REFUSALS: ReadonlySet<ErrorCode> = new Set([
  ErrorCode.COUPON_INVALID,
  ErrorCode.COUPON_EXHAUSTED,
  ErrorCode.COUPON_ALREADY_USED,
]);

interface PlanAction {
  label: string;
  disabled?: boolean;
  current?: boolean;
  onClick: () => void;
}

function PlansGrid({
  plans,
  cycle,
  actionFor,
}: {
  plans: Plan[];
  cycle: BillingCycle;
  actionFor: (plan: Plan) => PlanAction;
}) {
  return (
    <Grid container spacing={2}>
      {plans.map((plan) => {
        const action = actionFor(plan);
        return (
          <Grid key={plan.code} size={{ xs: 12, sm: 6, lg: 3 }}>
            <PlanCard
              plan={plan}
              cycle={cycle}
              action={action.label}
              actionDisabled={action.disabled}
              current={action.current}
              onAction={action.onClick}
            />
          </Grid>
        );
      })}
    </Grid>
  );
}

/** A subscriber's plans: their subscription as it stands and a change button on every other plan. */
function SubscriberPlans({ plans, cycle }: { plans: Plan[]; cycle: BillingCycle }) {
  const { t } = useTranslation();
  const subscription = useSubscription();
  const [change, setChange] = useState<{ plan: PlanCode; cycle: BillingCycle } | null>(null);
  const current = subscription.data ?? null;
  return (
    <Stack gap={2}>
      <ActiveSubscriptionView subscription={current} loading={subscription.isPending} />
      <PlansGrid
        plans={plans}
        cycle={cycle}
        actionFor={(plan) => {
          const isCurrent = current?.plan === plan.code && current.cycle === cycle;
          // Choosing the current plan again clears a scheduled change; otherwise there is nothing to do.
          const keeps = isCurrent && Boolean(current?.scheduledChange);
          return {
            label: isCurrent ? t(keeps ? 'offers.keepPlan' : 'offers.currentPlan') : t('offers.changePlan'),
            current: isCurrent,
            disabled: !current || (isCurrent && !keeps),
            onClick: () => setChange({ plan: plan.code, cycle }),
          };
        }}
      />
      {change && (
        <SubscriptionChangeDialog
          open
          plan={change.plan}
          cycle={change.cycle}
          onClose={() => setChange(null)}
        />
      )}
    </Stack>
  );
}

/** `/offers`: the plans with the month/year toggle, the active subscription, the credit packs and coupons. */
export function OffersPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const plans = usePlans();
  const packs = usePacks();
  const checkout = useStartCheckout();
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const [registering, setRegistering] = useState(false);
  const [coupons, setCoupons] = useState<Record<CouponKind, Coupon | null>>({
    pack: null,
    subscription: null,
  });
  const [couponErrors, setCouponErrors] = useState<Record<CouponKind, ErrorCode | null>>({
    pack: null,
    subscription: null,
  });
  const packsRef = useRef<HTMLElement>(null);
  const subscribed = Boolean(user?.userSubscription.isActive);
  // Leaving for the gateway takes a moment: no second checkout meanwhile.
  const busy = checkout.isPending || checkout.isSuccess;

  const toPacks = wantsPacks(location.hash, location.state);
  useEffect(() => {
    if (toPacks && packs.data) packsRef.current?.scrollIntoView?.({ behavior: 'smooth' });
  }, [toPacks, packs.data]);

  const applyCoupon = (kind: CouponKind) => (coupon: Coupon | null) => {
    setCoupons((all) => ({ ...all, [kind]: coupon }));
    setCouponErrors((all) => ({ ...all, [kind]: null }));
  };

  const buy = (kind: CouponKind, request: CheckoutRequest) => {
    if (!user) {
      setRegistering(true);
      return;
    }
    checkout.mutate(request, {
      onError: (error) => {
        if (error instanceof ApiRequestError && COUPON_REFUSALS.has(error.code))
          setCouponErrors((all) => ({ ...all, [kind]: error.code }));
        else reportApiError(error);
      },
    });
  };
  const coupon = (kind: CouponKind) => (coupons[kind] ? { coupon: coupons[kind].code } : {});

  return (
    <>
      <Typography component="h1" variant="h1" gutterBottom>
        {t('routes.Offers')}
      </Typography>
      <Typography>{t('pages.Offers')}</Typography>

      <Box component="section" aria-labelledby="plans-title" sx={{ mt: 4 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          justifyContent="space-between"
          alignItems={{ sm: 'center' }}
          gap={2}
          sx={{ mb: 2 }}
        >
          <Typography id="plans-title" component="h2" variant="h2">
            {t('offers.plansTitle')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            color="primary"
            value={cycle}
            onChange={(_, value: BillingCycle | null) => value && setCycle(value)}
            aria-label={t('offers.cycleLabel')}
            // The theme's default grey for the unselected button is just under 4.5:1 on the page.
            sx={{ '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}
          >
            <ToggleButton value="monthly">{t('offers.cycle.monthly')}</ToggleButton>
            <ToggleButton value="annual">{t('offers.cycle.annual')}</ToggleButton>
          </ToggleButtonGroup>
        </Stack>
        {plans.isPending ? (
          <CircularProgress aria-label={t('common.loading')} />
        ) : plans.isError ? (
          <Alert severity="error">{t('offers.loadFailed')}</Alert>
        ) : subscribed ? (
          <SubscriberPlans plans={plans.data} cycle={cycle} />
        ) : (
          <Stack gap={2}>
            {user && (
              <CouponField
                kind="subscription"
                applied={coupons.subscription}
                onApplied={applyCoupon('subscription')}
                error={couponErrors.subscription}
              />
            )}
            <PlansGrid
              plans={plans.data}
              cycle={cycle}
              actionFor={(plan) => ({
                label: t('offers.subscribe'),
                disabled: busy,
                onClick: () =>
                  buy('subscription', {
                    kind: 'subscription',
                    plan: plan.code,
                    cycle,
                    ...coupon('subscription'),
                  }),
              })}
            />
          </Stack>
        )}
      </Box>

      <Box
        component="section"
        id={PACKS_ANCHOR}
        ref={packsRef}
        aria-labelledby="packs-title"
        sx={{ mt: 6, scrollMarginTop: 80 }}
      >
        <Typography id="packs-title" component="h2" variant="h2" gutterBottom>
          {t('offers.packs.title')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t('offers.packs.intro')}</Typography>
        <Stack gap={2}>
          {/* Coupons are checked for a customer: a visitor registers before buying anyway. */}
          {user && (
            <CouponField
              kind="pack"
              applied={coupons.pack}
              onApplied={applyCoupon('pack')}
              error={couponErrors.pack}
            />
          )}
          {packs.isPending ? (
            <CircularProgress aria-label={t('common.loading')} />
          ) : packs.isError ? (
            <Alert severity="error">{t('offers.loadFailed')}</Alert>
          ) : (
            <Grid container spacing={2}>
              {packs.data.map((pack) => (
                <Grid key={pack.code} size={{ xs: 12, sm: 6, lg: 3 }}>
                  <PackCard
                    pack={pack}
                    disabled={busy}
                    onBuy={() => buy('pack', { kind: 'pack', code: pack.code, ...coupon('pack') })}
                  />
                </Grid>
              ))}
            </Grid>
          )}
        </Stack>
      </Box>

      <RegisterToSubscribeDialog open={registering} onClose={() => setRegistering(false)} />
      <PaymentCancelDialog
        open={params.get('payment') === 'cancel'}
        onClose={() =>
          setParams(
            (current) => {
              current.delete('payment');
              return current;
            },
            { replace: true },
          )
        }
      />
    </>
  );
}
