import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams } from 'react-router-dom';
import { ErrorCode } from '@estancia/contracts';
import { pathTo } from '../../../app/route-meta';
import { ApiRequestError } from '../../../shared/api';
import { useCompletePendingPurchase } from '../../free-try/hooks/usePurchaseFreeTry';
import { useSession } from '../../session/session';
import { useCheckoutSession } from '../api/checkout';
import { refreshSessionUser } from '../api/subscription';
import { checkoutReturn } from '../checkout-return';
import { ContinuePurchaseButton } from './ContinuePurchaseButton';
import { TransactionRejectedDialog } from './PaymentDialogs';
import { PaymentSuccessDialog } from './PaymentSuccessDialog';

/**
 * `/stripeconfirmation/:token` (the token is our checkout session id): where the gateway sends the
 * customer back. The gateway confirms on its own channel (webhook), so this page asks until it has.
 */
export function StripeConfirmationPage() {
  const { user } = useSession();
  // Public route (a gateway may land here after the session ended): the session is needed to ask.
  if (!user) return <Navigate to={pathTo('Login', {}, { redirectTo: 'StripeConfirmation' })} replace />;
  return <Confirmation />;
}

function Confirmation() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { token = '' } = useParams();
  const query = useCheckoutSession(token, { poll: true });
  const [dialogOpen, setDialogOpen] = useState(true);
  const state = query.data?.state;
  // A purchase started from the wizard (or a project) leads back there.
  const back = checkoutReturn.pathFor(token);
  // A single decoration bought for a free try's HD image: the download follows the payment.
  useCompletePendingPurchase(query.data);

  useEffect(() => {
    if (state !== 'paid') return;
    // The balance and plan also arrive over the socket; this covers a socket that is reconnecting.
    void refreshSessionUser();
    void client.invalidateQueries({ queryKey: ['billing'] });
    void client.invalidateQueries({ queryKey: ['wallet'] });
  }, [state, client]);

  let body;
  if (query.isError) {
    const code =
      query.error instanceof ApiRequestError && query.error.code === ErrorCode.NOT_FOUND
        ? ErrorCode.NOT_FOUND
        : ErrorCode.INTERNAL;
    body = <Alert severity="error">{t(`errors:${code}`)}</Alert>;
  } else if (!query.data || query.data.state === 'open') {
    body = (
      <Stack direction="row" gap={2} alignItems="center" role="status">
        <CircularProgress size={28} aria-hidden />
        <Typography>{t('payment.confirming')}</Typography>
      </Stack>
    );
  } else if (query.data.state === 'paid') {
    // The dialog says it; once closed, the page keeps the outcome (never both at once).
    body = (
      <>
        {!dialogOpen && (
          <Alert severity="success">
            {query.data.kind === 'card_setup' ? t('payment.cardSavedText') : t('payment.successTitle')}
          </Alert>
        )}
        <PaymentSuccessDialog
          session={query.data}
          open={dialogOpen}
          continueTo={back}
          onClose={() => setDialogOpen(false)}
        />
      </>
    );
  } else if (query.data.state === 'declined') {
    body = (
      <>
        {!dialogOpen && <Alert severity="error">{t('payment.rejectedText')}</Alert>}
        <TransactionRejectedDialog open={dialogOpen} returnTo={back} onClose={() => setDialogOpen(false)} />
      </>
    );
  } else {
    body = <Alert severity="warning">{t(`errors:${ErrorCode.CHECKOUT_EXPIRED}`)}</Alert>;
  }

  const finished = query.data && query.data.state !== 'open';
  return (
    <Stack gap={3}>
      <Typography component="h1" variant="h1">
        {t('routes.StripeConfirmation')}
      </Typography>
      {body}
      {(finished || query.isError) && (
        <Stack direction="row" gap={2} flexWrap="wrap">
          {back && <ContinuePurchaseButton to={back} />}
          <Button variant="outlined" component={RouterLink} to={pathTo('Offers')}>
            {t('checkout.backToOffers')}
          </Button>
          <Button variant="outlined" component={RouterLink} to={pathTo('Account')}>
            {t('payment.toAccount')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
