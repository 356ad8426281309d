import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@estancia/contracts';

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** Minutes and seconds left, as m:ss. */
export function formatRemaining(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${twoDigits(seconds % 60)}`;
}

/**
 * Time left, never more than the 15 minutes a try lives: a browser clock a little behind the server's, or
 * the ticking clock not yet moved on after a redecoration, would otherwise start the count at 15:01.
 */
export function remainingMs(expiresAt: string, now: number): number {
  return Math.min(LIMITS.freeTryExpiryMinutes * 60_000, Math.max(0, Date.parse(expiresAt) - now));
}

/** How long the try's images have left before they are deleted (spec section 9: 15 minutes). */
export function ExpiryCountdown({ expiresAt, now }: { expiresAt: string; now: number }) {
  const { t } = useTranslation();
  return (
    // A timer is not announced on every tick; the text is there when a screen reader reaches it.
    <Alert severity="info" role="timer" sx={{ my: 2 }}>
      {t('freeTry.expiry.remaining', {
        minutes: LIMITS.freeTryExpiryMinutes,
        time: formatRemaining(remainingMs(expiresAt, now)),
      })}
    </Alert>
  );
}
