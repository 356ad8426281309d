import { useState, type FormEvent } from 'react';
import UndoIcon from '@mui/icons-material/Undo';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  InputAdornment,
  Stack,
  TextField,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import {
  type AdminPayment,
  adminPaymentSchema,
  type AdminRefundRequest,
  adminRefundRequestSchema,
} from '@estancia/contracts';
import { apiErrorKey } from '../../common/apiErrorKey';
import { staffHttpClient } from '../../data/dataProvider';
import { centsToEuros, eurosToCents, useEuros } from './money';
import { refundableCents } from './PaymentFields';

/** POST /data/admin/payments/:id/refunds; the key makes a repeated submit of one dialog refund once. */
async function refundPayment(paymentId: string, request: AdminRefundRequest, idempotencyKey: string) {
  const { json } = await staffHttpClient(`/data/admin/payments/${encodeURIComponent(paymentId)}/refunds`, {
    method: 'POST',
    body: JSON.stringify(request),
    headers: new Headers({ Accept: 'application/json', 'Idempotency-Key': idempotencyKey }),
  });
  // The refund happened whatever the answer looks like: an unexpected shape only loses the credits figure.
  const payment = adminPaymentSchema.safeParse(json);
  return payment.success ? payment.data : null;
}

/** The credits the newest refund took back, from the payment as the API answered it. */
const creditsTakenBy = (payment: AdminPayment | null) =>
  payment?.refunds.reduce<AdminPayment['refunds'][number] | null>(
    (newest, refund) => (!newest || refund.createdAt > newest.createdAt ? refund : newest),
    null,
  )?.creditsTaken ?? null;

type Field = keyof AdminRefundRequest;

/**
 * "Refund" on a payment (admins): an amount in euros up to what is left (all of it by default) and a required
 * reason. The gateway refunds it; the API takes back the payment's credits in proportion, as far as unspent, and
 * the notice says how many.
 */
export const RefundButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const euros = useEuros();
  const payment = useRecordContext<AdminPayment>();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<Partial<Record<Field, boolean>>>({});
  // One key per opened dialog: a double click or a retry after a lost answer refunds once.
  const [idempotencyKey, setIdempotencyKey] = useState('');

  const refund = useMutation({
    mutationFn: (request: AdminRefundRequest) => refundPayment(String(payment?.id), request, idempotencyKey),
    onSuccess: (after, request) => {
      const credits = creditsTakenBy(after);
      notify(credits === null ? 'commerce.refund.done' : 'commerce.refund.doneWithCredits', {
        type: 'success',
        messageArgs: { amount: euros(request.amountCents), smart_count: credits ?? 0 },
      });
      setOpen(false);
      refresh();
    },
  });

  if (!payment) return null;
  const left = refundableCents(payment);

  const start = () => {
    setAmount(centsToEuros(left));
    setReason('');
    setInvalid({});
    setIdempotencyKey(crypto.randomUUID());
    refund.reset();
    setOpen(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (refund.isPending) return;
    const amountCents = eurosToCents(amount);
    const parsed = adminRefundRequestSchema.safeParse({ amountCents: amountCents ?? Number.NaN, reason });
    const problems: Partial<Record<Field, boolean>> = parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], true]));
    if (amountCents !== null && amountCents > left) problems.amountCents = true;
    setInvalid(problems);
    if (!parsed.success || Object.keys(problems).length > 0) return;
    refund.mutate(parsed.data);
  };

  return (
    <>
      <Button startIcon={<UndoIcon />} onClick={start} disabled={left === 0} size="small">
        {translate('commerce.refund.button')}
      </Button>
      <Dialog open={open} onClose={() => !refund.isPending && setOpen(false)} aria-labelledby="refund-title">
        <form onSubmit={submit} noValidate>
          <DialogTitle id="refund-title">
            {translate('commerce.refund.title', { invoice: payment.invoiceNumber })}
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1, minWidth: { sm: 380 } }}>
              <DialogContentText>
                {translate('commerce.refund.intro', {
                  paid: euros(payment.amountCents),
                  left: euros(left),
                })}
              </DialogContentText>
              {refund.error && (
                <Alert severity="error" role="alert">
                  {translate(apiErrorKey(refund.error))}
                </Alert>
              )}
              <TextField
                label={translate('commerce.refund.amount')}
                type="number"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                required
                autoFocus
                error={Boolean(invalid.amountCents)}
                helperText={translate(
                  invalid.amountCents ? 'commerce.refund.amountInvalid' : 'commerce.refund.amountHelp',
                  { max: euros(left) },
                )}
                slotProps={{
                  htmlInput: { min: 0.01, max: left / 100, step: 0.01 },
                  input: { endAdornment: <InputAdornment position="end">€</InputAdornment> },
                }}
              />
              <TextField
                label={translate('commerce.refund.reason')}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                required
                multiline
                minRows={2}
                error={Boolean(invalid.reason)}
                helperText={translate(
                  invalid.reason ? 'commerce.refund.reasonInvalid' : 'commerce.refund.reasonHelp',
                )}
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} disabled={refund.isPending}>
              {translate('ra.action.cancel')}
            </Button>
            <Button type="submit" variant="contained" color="warning" disabled={refund.isPending}>
              {translate('commerce.refund.submit')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
};
