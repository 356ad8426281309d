import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { pathTo } from '../../../app/route-meta';

/** A locked editing tool was chosen: what PRO and ULTIMATE unlock, and the way to the plans. */
export function EditUpgradeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="edit-upgrade-title">
      <DialogTitle id="edit-upgrade-title">{t('edit.upgrade.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('edit.upgrade.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('edit.upgrade.later')}</Button>
        <Button variant="contained" component={RouterLink} to={pathTo('Offers')}>
          {t('edit.seePlans')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
