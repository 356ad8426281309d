import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ErrorCode, type User } from '@estancia/contracts';
import { pathTo } from '../../../app/route-meta';
import { ApiRequestError } from '../../../shared/api';
import { reportApiError } from '../../../shared/forms';
import { notifications } from '../../notifications/notifications';
import { takePostLoginRedirect } from '../../session/post-login-redirect';
import { useSession } from '../../session/session';
import { freeTryApi } from '../api/free-try-api';
import {
  clearPendingDownload,
  isFreeDownloadUsed,
  isWithinFreeDownloadWindow,
  markFreeDownloadUsed,
  pendingDownload,
} from '../free-try-storage';
import { hdDownload } from '../hd-download';

type Refusal = typeof ErrorCode.FREE_DOWNLOAD_USED | typeof ErrorCode.FREE_DOWNLOAD_EXPIRED;

const refusalOf = (error: unknown): Refusal | null =>
  error instanceof ApiRequestError &&
  (error.code === ErrorCode.FREE_DOWNLOAD_USED || error.code === ErrorCode.FREE_DOWNLOAD_EXPIRED)
    ? error.code
    : null;

/**
 * What happens once the session gets a user (login, register-with-token, Google or a profile load all
 * end in `session.signIn`): the saved redirect, and the pending free download of spec section 4. The
 * download is given when the account is at most an hour old and this e-mail's flag is unset; else the
 * pending data goes and a warning says the free download is used.
 */
export function PendingFreeDownload() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const handled = useRef<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  useEffect(() => {
    if (!user || handled.current === user.id) return;
    handled.current = user.id;
    const tryId = pendingDownload();
    if (!tryId) {
      const redirect = takePostLoginRedirect();
      if (redirect) void navigate(redirect, { replace: true });
      return;
    }
    void claim(user, tryId);
    async function claim(signedIn: User, id: string) {
      clearPendingDownload();
      const redirect = takePostLoginRedirect() ?? '/';
      if (isFreeDownloadUsed(signedIn.email)) return setRefusal(ErrorCode.FREE_DOWNLOAD_USED);
      if (!isWithinFreeDownloadWindow(signedIn.createdAt)) return setRefusal(ErrorCode.FREE_DOWNLOAD_EXPIRED);
      markFreeDownloadUsed(signedIn.email);
      try {
        const { downloadUrl } = await freeTryApi.claim(id);
        hdDownload.start(downloadUrl);
        notifications.toast('information', { key: 'freeTry.pending.started' });
        // The try is still stored in this browser: the page at the redirect shows it again.
        void navigate(redirect, { replace: true });
      } catch (error) {
        const code = refusalOf(error);
        if (code) setRefusal(code);
        else reportApiError(error);
      }
    }
  }, [user, navigate]);

  const close = () => setRefusal(null);
  return (
    <Dialog open={refusal !== null} onClose={close} aria-labelledby="free-download-refused-title">
      <DialogTitle id="free-download-refused-title">{t('freeTry.pending.usedTitle')}</DialogTitle>
      <DialogContent>
        {refusal && <DialogContentText>{t(`errors:${refusal}`)}</DialogContentText>}
        {refusal === ErrorCode.FREE_DOWNLOAD_EXPIRED && (
          <DialogContentText sx={{ mt: 1 }}>{t('freeTry.pending.subscribeText')}</DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.close')}</Button>
        <Button variant="contained" component={RouterLink} to={pathTo('Offers')} onClick={close}>
          {t('freeTry.pending.subscribe')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
