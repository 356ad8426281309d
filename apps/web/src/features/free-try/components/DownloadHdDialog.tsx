import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { FreeTry } from '@estancia/contracts';
import { pathTo } from '../../../app/route-meta';
import { storePendingDownload } from '../free-try-storage';
import { EmailDownload } from './EmailDownload';

/**
 * A visitor's HD download: by an e-mailed code, or by registering (or logging in), after which the
 * pending download is given (spec section 4).
 */
export function DownloadHdDialog({
  freeTry,
  open,
  onClose,
}: {
  freeTry: FreeTry;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const withAccount = (route: 'Register' | 'Login') => {
    storePendingDownload(freeTry, pathTo('FileUpload'));
    void navigate(pathTo(route));
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="download-hd-title" fullWidth maxWidth="sm">
      <DialogTitle id="download-hd-title">{t('freeTry.hd.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('freeTry.hd.intro')}</DialogContentText>
        <Box component="section" aria-labelledby="download-hd-email" sx={{ mt: 2 }}>
          <Typography id="download-hd-email" component="h3" variant="h6">
            {t('freeTry.hd.emailTitle')}
          </Typography>
          <EmailDownload freeTry={freeTry} />
        </Box>
        <Divider sx={{ my: 3 }} />
        <Box component="section" aria-labelledby="download-hd-account">
          <Typography id="download-hd-account" component="h3" variant="h6">
            {t('freeTry.hd.accountTitle')}
          </Typography>
          <Typography sx={{ mb: 1 }}>{t('freeTry.hd.accountText')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} gap={1}>
            <Button variant="outlined" onClick={() => withAccount('Register')}>
              {t('freeTry.hd.register')}
            </Button>
            <Button onClick={() => withAccount('Login')}>{t('freeTry.hd.login')}</Button>
          </Stack>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
