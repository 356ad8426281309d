import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '@estancia/contracts';
import { reportApiError } from '../../../shared/forms';
import { notifications } from '../../notifications/notifications';
import { useDeletePaymentMethod, usePaymentMethod, useStartCardSetup } from '../api/payment-method';

/** "Visa", "Mastercard"… from the gateway's lower-case brand. */
const brandName = (brand: string): string =>
  brand === 'amex' ? 'American Express' : brand.charAt(0).toUpperCase() + brand.slice(1);

const expiry = ({ expMonth, expYear }: PaymentMethod): string =>
  `${String(expMonth).padStart(2, '0')}/${String(expYear).slice(-2)}`;

/**
 * The saved card (brand, last digits, expiry) and, with `actions`, add / change (a card setup at the
 * gateway) and delete after a confirmation.
 */
export function PaymentMethodCard({ actions = true }: { actions?: boolean }) {
  const { t } = useTranslation();
  const paymentMethod = usePaymentMethod();
  const setup = useStartCardSetup();
  const remove = useDeletePaymentMethod();
  const [confirming, setConfirming] = useState(false);

  if (paymentMethod.isPending) return <CircularProgress size={24} aria-label={t('common.loading')} />;
  if (paymentMethod.isError) return <Typography role="alert">{t('billingAccount.loadError')}</Typography>;
  const card = paymentMethod.data;

  const startSetup = () => setup.mutate(undefined, { onError: (error) => reportApiError(error) });
  const deleteCard = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        notifications.toast('information', { key: 'billingAccount.paymentMethod.deleted' });
      },
      onError: (error) => {
        setConfirming(false);
        reportApiError(error);
      },
    });

  return (
    <Box>
      {card ? (
        <Box
          data-testid="payment-method-card"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'baseline' }}
        >
          <Typography sx={{ fontWeight: 600 }}>{brandName(card.brand)}</Typography>
          <Typography aria-label={t('billingAccount.paymentMethod.endingIn', { last4: card.last4 })}>
            •••• {card.last4}
          </Typography>
          <Typography color="text.secondary">
            {t('billingAccount.paymentMethod.expires', { date: expiry(card) })}
          </Typography>
        </Box>
      ) : (
        <Typography>{t('billingAccount.paymentMethod.none')}</Typography>
      )}
      {actions && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
          <Button variant="contained" onClick={startSetup} disabled={setup.isPending}>
            {card ? t('billingAccount.paymentMethod.change') : t('billingAccount.paymentMethod.add')}
          </Button>
          {card && (
            <Button color="error" onClick={() => setConfirming(true)}>
              {t('billingAccount.paymentMethod.delete')}
            </Button>
          )}
        </Box>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="delete-card-title">
        <DialogTitle id="delete-card-title">{t('billingAccount.paymentMethod.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t('billingAccount.paymentMethod.deleteConfirm', { last4: card?.last4 ?? '' })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('common.cancel')}</Button>
          <Button color="error" variant="contained" onClick={deleteCard} disabled={remove.isPending}>
            {t('billingAccount.paymentMethod.deleteAction')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
