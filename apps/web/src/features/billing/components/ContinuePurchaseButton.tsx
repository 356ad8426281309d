import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { checkoutReturn } from '../checkout-return';

/** Back to the page a purchase was started from (the wizard, a project); the way back is then used up. */
export function ContinuePurchaseButton({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Button variant="contained" component={RouterLink} to={to} onClick={() => checkoutReturn.forget()}>
      {t('payment.continue')}
    </Button>
  );
}
