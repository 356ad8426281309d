import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { COSTS, type FreeTry } from '@estancia/contracts';
import { reportApiError } from '../../../shared/forms';
import { useStartCheckout } from '../../billing/api/checkout';
import { formatMoney } from '../../billing/money';
import { useSession } from '../../session/session';
import { storePendingPurchase, takePendingPurchase } from '../free-try-storage';
import { usePurchaseFreeTry } from '../hooks/usePurchaseFreeTry';

/**
 * A signed-in user's HD download of a try: 2.99 EUR, paid with a credit when they have one, else as a
 * single decoration at the gateway, after which the purchase completes on their return.
 */
export function PaidDownloadDialog({
  freeTry,
  open,
  onClose,
}: {
  freeTry: FreeTry;
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const purchase = usePurchaseFreeTry();
  const checkout = useStartCheckout();
  const price = formatMoney(COSTS.trialDecorationCents, i18n.language);
  const hasCredit = (user?.credits ?? 0) >= 1;
  // Leaving for the gateway takes a moment: no second checkout meanwhile.
  const busy = purchase.isPending || checkout.isPending || checkout.isSuccess;

  const spendCredit = () => purchase.mutate(freeTry.id, { onSuccess: onClose });
  const pay = () => {
    storePendingPurchase(freeTry.id);
    checkout.mutate(
      { kind: 'decoration' },
      {
        onError: (error) => {
          takePendingPurchase();
          reportApiError(error);
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="paid-download-title">
      <DialogTitle id="paid-download-title">{t('freeTry.paid.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('freeTry.paid.price', { price })}</DialogContentText>
        <DialogContentText sx={{ mt: 1 }}>
          {hasCredit ? t('freeTry.paid.withCredits') : t('freeTry.paid.withoutCredits', { price })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={hasCredit ? spendCredit : pay}>
          {hasCredit ? t('freeTry.paid.useCredit') : t('freeTry.paid.pay', { price })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
