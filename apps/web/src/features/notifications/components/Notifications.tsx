import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Fade from '@mui/material/Fade';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { notifications, useNotifications } from '../notifications';
import { TOAST_HIDE_ANIMATION_MS, type ToastType } from '../notification-store';

const SEVERITY: Record<ToastType, AlertColor> = { error: 'error', warning: 'warning', information: 'info' };

/** Toasts (top right) and the docked message (bottom); both are live regions for screen readers. */
export function Notifications() {
  const { t } = useTranslation();
  const { toasts, docked } = useNotifications();
  return (
    <>
      <Box
        role="region"
        aria-label={t('common.notifications')}
        // Below the header (56 px tall on phones, 64 px from sm up), so a toast never hides the credits or the menu.
        sx={{
          position: 'fixed',
          top: { xs: 64, sm: 72 },
          right: 16,
          zIndex: 1500,
          display: 'grid',
          gap: 1,
          maxWidth: 420,
        }}
      >
        {toasts.map((toast) => (
          <Fade key={toast.id} in={toast.show} timeout={TOAST_HIDE_ANIMATION_MS} appear>
            <Alert
              variant="filled"
              severity={SEVERITY[toast.type]}
              role={toast.type === 'error' ? 'alert' : 'status'}
              onClose={() => notifications.dismissToast(toast.id)}
              slotProps={{ closeButton: { title: t('common.close'), 'aria-label': t('common.close') } }}
            >
              {t(toast.message.key, toast.message.values)}
            </Alert>
          </Fade>
        ))}
      </Box>
      <Box
        role="status"
        aria-live="polite"
        sx={{ position: 'fixed', bottom: 16, left: 0, right: 0, zIndex: 1500 }}
      >
        {docked && (
          <Paper elevation={6} sx={{ mx: 'auto', width: 'fit-content', maxWidth: '90vw', px: 3, py: 1.5 }}>
            <Typography>{t(docked.key, docked.values)}</Typography>
          </Paper>
        )}
      </Box>
    </>
  );
}
