import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { pathTo } from '../../../app/route-meta';
import { ExtraDecorationsOffer } from '../../billing/components/ExtraDecorationsOffer';
import { PACKS_SECTION } from '../../billing/sections';
import { useSession } from '../../session/session';

/**
 * The need-more-credits modal: buy credits (the packs of the offers page) or go back; a subscriber may
 * also buy the missing decorations at 1 EUR each, charged to their card after consenting.
 */
export function NeedMoreCreditsDialog({
  open,
  cost,
  balance,
  onClose,
}: {
  open: boolean;
  cost: number;
  balance: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const missing = cost - balance;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="need-credits-title">
      <DialogTitle id="need-credits-title">{t('wizard.needCreditsTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('wizard.needCreditsText', { cost, balance })}</DialogContentText>
        {user?.userSubscription.isActive && missing > 0 && (
          <ExtraDecorationsOffer quantity={missing} onBought={onClose} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('wizard.back')}</Button>
        <Button variant="contained" component={RouterLink} to={pathTo('Offers')} state={PACKS_SECTION}>
          {t('wizard.buyCredits')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The decoration-limit modal: more images were selected than the limit allows. */
export function DecorationLimitDialog({
  selected,
  limit,
  onClose,
}: {
  selected: number | null;
  limit: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={selected !== null} onClose={onClose} aria-labelledby="decoration-limit-title">
      <DialogTitle id="decoration-limit-title">{t('wizard.limitTitle')}</DialogTitle>
      <DialogContent>
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
