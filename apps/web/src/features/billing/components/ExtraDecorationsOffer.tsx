import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorCode } from '@estancia/contracts';
import { pathTo } from '../../../app/route-meta';
import { ApiRequestError } from '../../../shared/api';
import { reportApiError } from '../../../shared/forms';
import { notifications } from '../../notifications/notifications';
import { session } from '../../session/session';
import { useBuyExtraDecorations } from '../api/checkout';
import { formatMoney } from '../money';

/** Spec section 9: a decoration past the plan's included amount costs 1 EUR. */
export const EXTRA_DECORATION_CENTS = 100;

/**
 * A subscriber short of credits may buy the missing decorations at 1 EUR each, charged to the saved
 * card; nothing is charged without the explicit consent below.
 */
export function ExtraDecorationsOffer({ quantity, onBought }: { quantity: number; onBought: () => void }) {
  const { t, i18n } = useTranslation();
  const [consent, setConsent] = useState(false);
  const [needsCard, setNeedsCard] = useState(false);
  const [rejected, setRejected] = useState(false);
  const buy = useBuyExtraDecorations();
  const total = formatMoney(quantity * EXTRA_DECORATION_CENTS, i18n.language);

  const submit = () => {
    setNeedsCard(false);
    setRejected(false);
    buy.mutate(quantity, {
      onSuccess: (answer) => {
        // The new balance also arrives over the socket; use the answer's when it carries one.
        const balance = (answer as { balance?: unknown } | undefined)?.balance;
        const user = session.getState().user;
        if (user && typeof balance === 'number') session.setUser({ ...user, credits: balance });
        notifications.toast('information', { key: 'payment.extra.bought', values: { count: quantity } });
        onBought();
      },
      onError: (error) => {
        const code = error instanceof ApiRequestError ? error.code : null;
        if (code === ErrorCode.PAYMENT_METHOD_REQUIRED) setNeedsCard(true);
        else if (code === ErrorCode.PAYMENT_DECLINED) setRejected(true);
        else reportApiError(error);
      },
    });
  };

  return (
    <Stack gap={1} component="section" aria-labelledby="extra-decorations-title" sx={{ mt: 2 }}>
      <Typography id="extra-decorations-title" variant="h3" component="h3">
        {t('payment.extra.title')}
      </Typography>
      <Typography>{t('payment.extra.text', { count: quantity, total })}</Typography>
      <FormControlLabel
        control={<Checkbox checked={consent} onChange={(event) => setConsent(event.target.checked)} />}
        label={t('payment.extra.consent', { count: quantity, total })}
      />
      {needsCard && (
        <Alert severity="warning">
          {t(`errors:${ErrorCode.PAYMENT_METHOD_REQUIRED}`)}{' '}
          <Link component={RouterLink} to={pathTo('AddCard')} underline="always">
            {t('payment.extra.addCard')}
          </Link>
        </Alert>
      )}
      <div>
        <Button variant="outlined" disabled={!consent || buy.isPending} onClick={submit}>
          {t('payment.extra.buy', { count: quantity, total })}
        </Button>
      </div>
      {/* Said here, not in a second dialog over the need-more-credits one: trying again is this button. */}
      {rejected && (
        <Alert severity="error">
          <AlertTitle>{t('payment.rejectedTitle')}</AlertTitle>
          {t('payment.rejectedText')} {t('payment.automaticError')}{' '}
          <Link component={RouterLink} to={pathTo('AddCard')} underline="always">
            {t('payment.changeCard')}
          </Link>
        </Alert>
      )}
    </Stack>
  );
}
