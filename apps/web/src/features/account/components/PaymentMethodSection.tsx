import Alert from '@mui/material/Alert';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PaymentMethodCard } from '../../billing/components/PaymentMethodCard';
import { notifications } from '../../notifications/notifications';

/**
 * The saved card. The gateway sends the user back here with `?paymentMethod=cancel` (nothing was
 * saved) or `?paymentMethod=saved`; the flag is read once and then dropped from the address.
 */
export function PaymentMethodSection() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [outcome] = useState(() => params.get('paymentMethod'));
  const announced = useRef(false);

  useEffect(() => {
    if (!outcome || announced.current) return;
    announced.current = true;
    if (outcome === 'saved')
      notifications.toast('information', { key: 'billingAccount.paymentMethod.saved' });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('paymentMethod');
        return next;
      },
      { replace: true },
    );
  }, [outcome, setParams]);

  return (
    <>
      {outcome === 'cancel' && (
        <Alert severity="warning" sx={{ my: 2 }}>
          {t('billingAccount.paymentMethod.notSaved')}
        </Alert>
      )}
      <PaymentMethodCard />
    </>
  );
}
