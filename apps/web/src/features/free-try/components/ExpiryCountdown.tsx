import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@estancia/contracts';

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** Minutes and seconds left, as m:ss. */
export function formatRemaining(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${twoDigits(seconds % 60)}`;
}

/** How long the try's images have left before they are deleted (spec section 9: 15 minutes). */
export function ExpiryCountdown({ expiresAt, now }: { expiresAt: string; now: number }) {
  const { t } = useTranslation();
  return (
    // A timer is not announced on every tick; the text is there when a screen reader reaches it.
    <Alert severity="info" role="timer" sx={{ my: 2 }}>
      {t('freeTry.expiry.remaining', {
        minutes: LIMITS.freeTryExpiryMinutes,
        time: formatRemaining(Date.parse(expiresAt) - now),
      })}
    </Alert>
  );
}
