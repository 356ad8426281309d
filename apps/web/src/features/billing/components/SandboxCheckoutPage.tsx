import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import {
  ErrorCode,
  FieldIssue,
  SANDBOX_CARDS,
  sandboxPayRequestSchema,
  type CheckoutSession,
} from '@estancia/contracts';
import { pathTo } from '../../../app/route-meta';
import { ApiRequestError } from '../../../shared/api';
import { fieldErrorText, reportApiError } from '../../../shared/forms';
import { useSandboxDecline, useSandboxPay, useSandboxSession } from '../api/checkout';
import { PurchaseSummary } from './PurchaseSummary';

type CardField = 'number' | 'expMonth' | 'expYear' | 'cvc';
const CARD_FIELDS: CardField[] = ['number', 'expMonth', 'expYear', 'cvc'];

const spaced = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** Where "cancel" leads: a card setup started from the account, anything else from the offers. */
const cancelPath = (session: CheckoutSession | undefined) =>
  session?.kind === 'card_setup' ? pathTo('Account') : pathTo('Offers', {}, { payment: 'cancel' });

const isExpired = (session: CheckoutSession) =>
  session.state === 'expired' || (session.state === 'open' && Date.parse(session.expiresAt) <= Date.now());

/**
 * `/sandbox-checkout/:sessionId`: the sandbox gateway's page, standing in for Stripe's offline. It shows
 * what is bought and the amount, takes a test card, and the API answers as a gateway's webhook would.
 */
export function SandboxCheckoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { sessionId = '' } = useParams();
  const query = useSandboxSession(sessionId);
  const pay = useSandboxPay(sessionId);
  const decline = useSandboxDecline(sessionId);
  const [card, setCard] = useState<Record<CardField, string>>({
    number: spaced(SANDBOX_CARDS.pays),
    expMonth: '12',
    expYear: String(new Date().getFullYear() + 1),
    cvc: '123',
  });
  const [issues, setIssues] = useState<Partial<Record<CardField, string>>>({});
  const [expired, setExpired] = useState(false);
  const toConfirmation = () => navigate(pathTo('StripeConfirmation', { token: sessionId }));

  const onFailure = (error: unknown) => {
    if (!(error instanceof ApiRequestError)) return reportApiError(error);
    if (error.code === ErrorCode.CHECKOUT_EXPIRED) return setExpired(true);
    // A refused card ends the session as declined: the confirmation page tells the customer.
    if (error.code === ErrorCode.PAYMENT_DECLINED) return void toConfirmation();
    const flagged: Partial<Record<CardField, string>> = {};
    for (const [field, issue] of Object.entries(error.body.fields ?? {})) {
      const name = field.replace(/^card\./, '') as CardField;
      if (CARD_FIELDS.includes(name)) flagged[name] = issue;
    }
    setIssues(flagged);
    reportApiError(error);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = sandboxPayRequestSchema.safeParse({ card });
    if (!parsed.success) {
      const flagged: Partial<Record<CardField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[1] as CardField;
        flagged[field] ??= card[field].trim() ? FieldIssue.INVALID : FieldIssue.REQUIRED;
      }
      setIssues(flagged);
      return;
    }
    setIssues({});
    pay.mutate(parsed.data, { onSuccess: toConfirmation, onError: onFailure });
  };

  const session = query.data;
  const notFound = query.error instanceof ApiRequestError && query.error.code === ErrorCode.NOT_FOUND;
  const busy = pay.isPending || decline.isPending || pay.isSuccess || decline.isSuccess;

  let body;
  if (query.isPending) body = <CircularProgress aria-label={t('common.loading')} />;
  else if (!session)
    body = (
      <Alert severity="error">{t(`errors:${notFound ? ErrorCode.NOT_FOUND : ErrorCode.INTERNAL}`)}</Alert>
    );
  else if (expired || isExpired(session))
    body = (
      <Stack gap={2}>
        <Alert severity="warning">{t(`errors:${ErrorCode.CHECKOUT_EXPIRED}`)}</Alert>
        <Button variant="contained" component={RouterLink} to={pathTo('Offers')}>
          {t('checkout.backToOffers')}
        </Button>
      </Stack>
    );
  else if (session.state !== 'open')
    body = (
      <Stack gap={2}>
        <Alert severity="info">{t('checkout.alreadyFinished')}</Alert>
        <Button
          variant="contained"
          component={RouterLink}
          to={pathTo('StripeConfirmation', { token: sessionId })}
        >
          {t('checkout.seeResult')}
        </Button>
      </Stack>
    );
  else
    body = (
      <Stack gap={3}>
        <PurchaseSummary session={session} />
        <Alert severity="info">
          {t('checkout.testCards', {
            pays: spaced(SANDBOX_CARDS.pays),
            declines: spaced(SANDBOX_CARDS.declines),
          })}
        </Alert>
        <Stack component="form" gap={2} noValidate onSubmit={submit} aria-labelledby="sandbox-card-title">
          <Typography id="sandbox-card-title" variant="h3" component="h2">
            {t('checkout.cardTitle')}
          </Typography>
          {CARD_FIELDS.map((field) => (
            <TextField
              key={field}
              id={`sandbox-card-${field}`}
              label={t(`checkout.card.${field}`)}
              value={card[field]}
              onChange={(event) => setCard((all) => ({ ...all, [field]: event.target.value }))}
              error={Boolean(issues[field])}
              helperText={fieldErrorText(t, issues[field])}
              inputMode="numeric"
              autoComplete={
                { number: 'cc-number', expMonth: 'cc-exp-month', expYear: 'cc-exp-year', cvc: 'cc-csc' }[
                  field
                ]
              }
              required
            />
          ))}
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {session.kind === 'card_setup' ? t('checkout.saveCard') : t('checkout.pay')}
          </Button>
          <Stack direction="row" justifyContent="space-between" flexWrap="wrap" gap={1}>
            <Link component={RouterLink} to={cancelPath(session)}>
              {t('checkout.cancel')}
            </Link>
            <Link
              component="button"
              type="button"
              disabled={busy}
              onClick={() => decline.mutate(undefined, { onSuccess: toConfirmation, onError: onFailure })}
            >
              {t('checkout.simulateDecline')}
            </Link>
          </Stack>
        </Stack>
      </Stack>
    );

  return (
    <Stack alignItems="center">
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, width: '100%', maxWidth: 560 }}>
        <Typography component="h1" variant="h1" gutterBottom>
          {t('checkout.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('checkout.sandboxNotice')}
        </Typography>
        {body}
      </Paper>
    </Stack>
  );
}
