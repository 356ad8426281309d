import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useMutation, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { ErrorCode, type CheckoutRequest } from '@estancia/contracts';
import { pathTo } from '../../../app/route-meta';
import type { ApiRequestError } from '../../../shared/api';
import { reportApiError } from '../../../shared/forms';
import { usePacks, usePlans } from '../../billing/api/catalogue';
import { checkoutApi, gatewayNavigation } from '../../billing/api/checkout';
import { checkoutReturn } from '../../billing/checkout-return';
import { ExtraDecorationsOffer } from '../../billing/components/ExtraDecorationsOffer';
import { formatMoney } from '../../billing/money';
import { PACKS_SECTION } from '../../billing/sections';
import { session, useSession } from '../../session/session';

/**
 * The one need-more-credits modal: what is missing and the ways to get it without leaving for another
 * page first: a pack, or a plan for a customer without one (a subscriber may instead buy the missing
 * decorations at 1 EUR each, charged to their card after consenting). A purchase goes straight to the
 * gateway and the payment result brings the customer back here. `onLeave` runs before the page is left
 * (the wizard saves its draft and lets the navigation through). `planExceeded`: the API answered PLAN_EXCEEDED,
 * so the customer is a subscriber past what the plan includes, whatever the session still says.
 */
export function NeedMoreCreditsDialog({
  open,
  cost,
  balance,
  planExceeded = false,
  onClose,
  onLeave,
}: {
  open: boolean;
  cost: number;
  balance: number;
  planExceeded?: boolean;
  onClose: () => void;
  onLeave?: () => void | Promise<void>;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const location = useLocation();
  const missing = Math.max(0, cost - balance);
  const subscriber = planExceeded || Boolean(user?.userSubscription.isActive);
  const returnTo = `${location.pathname}${location.search}`;
  const checkout = useMutation({
    mutationFn: async (request: CheckoutRequest) => {
      await onLeave?.();
      const started = await checkoutApi.start(request);
      // Remembered before leaving: the payment result sends the customer back here.
      checkoutReturn.remember(returnTo, started.sessionId);
      gatewayNavigation.go(started.checkoutUrl);
    },
    onError: (error) => reportApiError(error),
  });
  // Leaving for the gateway takes a moment: no second purchase meanwhile.
  const busy = checkout.isPending || checkout.isSuccess;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="need-credits-title" fullWidth maxWidth="sm">
      <DialogTitle id="need-credits-title">{t('wizard.needCreditsTitle')}</DialogTitle>
      <DialogContent>
        {planExceeded && <DialogContentText sx={{ mb: 1 }}>{t('errors:PLAN_EXCEEDED')}</DialogContentText>}
        <DialogContentText>{t('wizard.needCreditsText', { count: cost, balance })}</DialogContentText>
        {missing > 0 && (
          <DialogContentText sx={{ mt: 1 }} fontWeight={700}>
            {t('wizard.summaryMissing', { count: missing })}
          </DialogContentText>
        )}
        {subscriber && missing > 0 && <ExtraDecorationsOffer quantity={missing} onBought={onClose} />}
        {open && (
          <CreditChoices
            missing={missing}
            withPlans={!subscriber}
            busy={busy}
            onBuy={(request) => checkout.mutate(request)}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('wizard.back')}</Button>
        <Button
          component={RouterLink}
          to={pathTo('Offers')}
          state={PACKS_SECTION}
          onClick={() => void onLeave?.()}
        >
          {t('wizard.allOffers')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The packs (and the plans, monthly) on sale, each bought with one click. */
function CreditChoices({
  missing,
  withPlans,
  busy,
  onBuy,
}: {
  missing: number;
  withPlans: boolean;
  busy: boolean;
  onBuy: (request: CheckoutRequest) => void;
}) {
  const { t, i18n } = useTranslation();
  const packs = usePacks();
  const plans = usePlans();
  const money = (cents: number) => formatMoney(cents, i18n.language);
  // The smallest pack that covers the order is the one to suggest.
  const enough = packs.data?.find((pack) => pack.credits >= missing)?.code;
  return (
    <>
      <OfferSection titleId="need-credits-packs" title={t('offers.packs.title')} offers={packs}>
        {(pack) => (
          <ListItem
            key={pack.code}
            divider
            secondaryAction={
              <Button
                variant={pack.code === enough ? 'contained' : 'outlined'}
                disabled={busy}
                onClick={() => onBuy({ kind: 'pack', code: pack.code })}
                aria-label={t('offers.packs.buyNamed', { name: pack.name })}
              >
                {t('offers.packs.buy')}
              </Button>
            }
            sx={{ pr: 14 }}
          >
            <ListItemText
              primary={t('checkout.item.pack', { name: pack.name, count: pack.credits })}
              secondary={
                pack.code === enough
                  ? `${money(pack.priceCents)} · ${t('wizard.packCovers')}`
                  : money(pack.priceCents)
              }
            />
          </ListItem>
        )}
      </OfferSection>
      {withPlans && (
        <OfferSection titleId="need-credits-plans" title={t('offers.plansTitle')} offers={plans}>
          {(plan) => (
            <ListItem
              key={plan.code}
              divider
              secondaryAction={
                <Button
                  variant="outlined"
                  disabled={busy}
                  onClick={() => onBuy({ kind: 'subscription', plan: plan.code, cycle: 'monthly' })}
                  aria-label={t('offers.actionNamed', { action: t('offers.subscribe'), name: plan.name })}
                >
                  {t('offers.subscribe')}
                </Button>
              }
              sx={{ pr: 16 }}
            >
              <ListItemText
                primary={plan.name}
                secondary={`${t('offers.perMonth', { price: money(plan.monthlyPriceCents) })} · ${t(
                  'offers.rights.decorations',
                  { count: plan.includedDecorations },
                )}`}
              />
            </ListItem>
          )}
        </OfferSection>
      )}
    </>
  );
}

/** A titled list of what is on sale, with its loading and its failure. */
function OfferSection<T>({
  titleId,
  title,
  offers,
  children,
}: {
  titleId: string;
  title: string;
  offers: UseQueryResult<T[]>;
  children: (offer: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 2 }}>
      <Typography id={titleId} component="h3" variant="h6">
        {title}
      </Typography>
      {offers.isPending ? (
        <CircularProgress size={24} aria-label={t('common.loading')} />
      ) : offers.isError ? (
        <Alert severity="error">{t('offers.loadFailed')}</Alert>
      ) : (
        <List dense>{offers.data.map(children)}</List>
      )}
    </Box>
  );
}

/**
 * A PLAN_EXCEEDED answer carries the balance it was checked against (`fields.balance`): the session takes it,
 * so the credits dialog says what is really missing even when the balance shown was out of date.
 */
export function takeToldBalance(error: ApiRequestError): void {
  const told = Number(error.body.fields?.balance);
  const user = session.getState().user;
  if (error.code === ErrorCode.PLAN_EXCEEDED && user && Number.isInteger(told))
    session.setUser({ ...user, credits: told });
}

/** The selected and allowed counts of a DECORATIONS_LIMIT answer (`fields.selected`, `fields.limit`). */
export function orderLimitOf(error: ApiRequestError): { selected: number; limit: number } | null {
  if (error.code !== ErrorCode.DECORATIONS_LIMIT) return null;
  const selected = Number(error.body.fields?.selected);
  const limit = Number(error.body.fields?.limit);
  return Number.isInteger(selected) && Number.isInteger(limit) ? { selected, limit } : null;
}

/**
 * The decoration-limit modal: more images were selected than the limit allows. `byPlan`: the API refused
 * the order (DECORATIONS_LIMIT), so its own message says the limit is the plan's.
 */
export function DecorationLimitDialog({
  selected,
  limit,
  byPlan = false,
  onClose,
}: {
  selected: number | null;
  limit: number;
  byPlan?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={selected !== null} onClose={onClose} aria-labelledby="decoration-limit-title">
      <DialogTitle id="decoration-limit-title">{t('wizard.limitTitle')}</DialogTitle>
      <DialogContent>
        {byPlan && <DialogContentText sx={{ mb: 1 }}>{t('errors:DECORATIONS_LIMIT')}</DialogContentText>}
        <DialogContentText>{t('wizard.limitText', { selected: selected ?? 0, limit })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
