import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { pathTo } from '../../../app/route-meta';
import { rememberPostLoginRedirect } from '../../session/post-login-redirect';
import { checkoutReturn } from '../checkout-return';
import { ContinuePurchaseButton } from './ContinuePurchaseButton';

/** A visitor chose a plan: an account comes first, and both ways back lead to the offers again. */
export function RegisterToSubscribeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const back = { redirectTo: 'Offers' };
  // Kept in storage too: Register's e-mail code step and Google sign-in do not carry the query along.
  const comeBack = () => rememberPostLoginRedirect(pathTo('Offers'));
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="register-to-subscribe-title">
      <DialogTitle id="register-to-subscribe-title">{t('offers.registerTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('offers.registerText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button component={RouterLink} to={pathTo('Login', {}, back)} onClick={comeBack}>
          {t('offers.login')}
        </Button>
        <Button
          variant="contained"
          component={RouterLink}
          to={pathTo('Register', {}, back)}
          onClick={comeBack}
        >
          {t('offers.register')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Back from the gateway without paying; a purchase started from a page (the wizard) leads back there. */
export function PaymentCancelDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const back = open ? checkoutReturn.recent() : null;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="payment-cancel-title">
      <DialogTitle id="payment-cancel-title">{t('payment.cancelTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('payment.cancelText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant={back ? 'text' : 'contained'} onClick={onClose}>
          {t('common.close')}
        </Button>
        {back && <ContinuePurchaseButton to={back} />}
      </DialogActions>
    </Dialog>
  );
}

/**
 * Spec section 8: a refused card. `automatic` is a charge to the saved card (extra decorations), which
 * the user retries from where they were; otherwise "try again" leads back to the offers.
 */
export function TransactionRejectedDialog({
  open,
  automatic = false,
  returnTo = null,
  onClose,
}: {
  open: boolean;
  automatic?: boolean;
  /** Where the purchase was started from: trying again starts there rather than on the offers. */
  returnTo?: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="transaction-rejected-title">
      <DialogTitle id="transaction-rejected-title">{t('payment.rejectedTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('payment.rejectedText')}</DialogContentText>
        {automatic && <DialogContentText sx={{ mt: 1 }}>{t('payment.automaticError')}</DialogContentText>}
      </DialogContent>
      <DialogActions>
        {automatic ? (
          <>
            <Button component={RouterLink} to={pathTo('AddCard')}>
              {t('payment.changeCard')}
            </Button>
            <Button variant="contained" onClick={onClose}>
              {t('payment.tryAgain')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose}>{t('common.close')}</Button>
            <Button variant="contained" component={RouterLink} to={returnTo ?? pathTo('Offers')}>
              {t('payment.tryAgain')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
