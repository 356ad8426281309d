import CreditCardIcon from '@mui/icons-material/CreditCard';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { reportApiError } from '../../../shared/forms';
import { useStartCardSetup } from '../api/checkout';
import { usePaymentMethod } from '../api/payment-method';

/** `/add-card`: why a card is kept, the current one, and the way to the gateway to save or change it. */
export function AddCardPage() {
  const { t } = useTranslation();
  const card = usePaymentMethod();
  const setup = useStartCardSetup();
  const current = card.data ?? null;
  return (
    <Stack gap={3} sx={{ maxWidth: 720 }}>
      <Typography component="h1" variant="h1">
        {t('routes.AddCard')}
      </Typography>
      <Typography>{t('payment.addCard.why')}</Typography>
      <List dense disablePadding sx={{ listStyle: 'disc', pl: 3 }}>
        {(['renewals', 'extraDecorations', 'security'] as const).map((reason) => (
          <ListItem key={reason} sx={{ display: 'list-item' }} disableGutters>
            <ListItemText primary={t(`payment.addCard.${reason}`)} />
          </ListItem>
        ))}
      </List>
      <Paper variant="outlined" component="section" aria-labelledby="current-card-title" sx={{ p: 2 }}>
        <Typography id="current-card-title" variant="h3" component="h2" gutterBottom>
          {t('payment.addCard.currentTitle')}
        </Typography>
        {card.isPending ? (
          <CircularProgress aria-label={t('common.loading')} size={24} />
        ) : current ? (
          <Stack direction="row" gap={1} alignItems="center" data-testid="current-card">
            <CreditCardIcon aria-hidden />
            <Typography>
              {t('payment.addCard.current', {
                brand: current.brand,
                last4: current.last4,
                expiry: `${String(current.expMonth).padStart(2, '0')}/${current.expYear}`,
              })}
            </Typography>
          </Stack>
        ) : (
          <Typography>{t('payment.addCard.none')}</Typography>
        )}
      </Paper>
      <div>
        <Button
          variant="contained"
          size="large"
          disabled={setup.isPending || setup.isSuccess}
          onClick={() => setup.mutate(undefined, { onError: (error) => reportApiError(error) })}
        >
          {current ? t('payment.addCard.change') : t('payment.addCard.add')}
        </Button>
      </div>
    </Stack>
  );
}
