import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { CheckoutSession } from '@estancia/contracts';
import { pathTo } from '../../../app/route-meta';
import { ContinuePurchaseButton } from './ContinuePurchaseButton';
import { usePurchaseName } from './PurchaseSummary';

/** A paid session: what was bought and the credits it added, or the saved card for a card setup. */
export function PaymentSuccessDialog({
  session,
  open,
  continueTo = null,
  onClose,
}: {
  session: CheckoutSession;
  open: boolean;
  /** Where the purchase was started from (the wizard): the way on is back there. */
  continueTo?: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const name = usePurchaseName();
  const cardSetup = session.kind === 'card_setup';
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="payment-success-title">
      <DialogTitle id="payment-success-title">
        {cardSetup ? t('payment.cardSavedTitle') : t('payment.successTitle')}
      </DialogTitle>
      <DialogContent>
        {cardSetup ? (
          <DialogContentText>{t('payment.cardSavedText')}</DialogContentText>
        ) : (
          <>
            <DialogContentText>{t('payment.successText', { item: name(session) })}</DialogContentText>
            {session.credits > 0 && (
              <DialogContentText sx={{ mt: 1 }}>
                {t('payment.creditsAdded', { count: session.credits })}
              </DialogContentText>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button component={RouterLink} to={pathTo('Account')}>
          {t('payment.toAccount')}
        </Button>
        <Button variant={continueTo ? 'text' : 'contained'} component={RouterLink} to={pathTo('MyProjects')}>
          {t('payment.toProjects')}
        </Button>
        {continueTo && <ContinuePurchaseButton to={continueTo} />}
      </DialogActions>
    </Dialog>
  );
}
