import { useState, type FormEvent } from 'react';
import AddCardIcon from '@mui/icons-material/AddCard';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useNotify, usePermissions, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import {
  ADMIN_CREDIT_GRANT_MAX,
  adminCreditGrantRequestSchema,
  adminCreditGrantResponseSchema,
  type AdminCreditGrantRequest,
  type AdminUser,
} from '@estancia/contracts';
import { apiErrorKey } from '../../common/apiErrorKey';
import { staffHttpClient } from '../../data/dataProvider';

/** POST /data/admin/users/:id/credits; the key makes a repeated submit of one dialog grant once. */
async function grantCredits(userId: string, request: AdminCreditGrantRequest, idempotencyKey: string) {
  const { json } = await staffHttpClient(`/data/admin/users/${encodeURIComponent(userId)}/credits`, {
    method: 'POST',
    body: JSON.stringify(request),
    headers: new Headers({ Accept: 'application/json', 'Idempotency-Key': idempotencyKey }),
  });
  return adminCreditGrantResponseSchema.parse(json);
}

type Field = keyof AdminCreditGrantRequest;

/** "Grant credits" on the user page (admins only): amount and a note, then the page refreshes. */
export const GrantCreditsButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const record = useRecordContext<AdminUser>();
  const { permissions } = usePermissions<string | null>();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState<Partial<Record<Field, boolean>>>({});
  // One key per opened dialog: a double click or a retry after a lost answer grants once.
  const [idempotencyKey, setIdempotencyKey] = useState('');

  const grant = useMutation({
    mutationFn: (request: AdminCreditGrantRequest) =>
      grantCredits(String(record?.id), request, idempotencyKey),
    onSuccess: ({ balance }) => {
      notify('creditGrant.granted', { type: 'success', messageArgs: { balance } });
      setOpen(false);
      refresh();
    },
    onError: (failure) => notify(apiErrorKey(failure), { type: 'error' }),
  });

  if (!record || permissions !== 'admin') return null;

  const start = () => {
    setAmount('');
    setNote('');
    setInvalid({});
    setIdempotencyKey(crypto.randomUUID());
    grant.reset();
    setOpen(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (grant.isPending) return;
    const parsed = adminCreditGrantRequestSchema.safeParse({
      amount: amount === '' ? NaN : Number(amount),
      note,
    });
    if (!parsed.success) {
      setInvalid(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], true])));
      return;
    }
    setInvalid({});
    grant.mutate(parsed.data);
  };

  return (
    <>
      <Button startIcon={<AddCardIcon />} onClick={start} variant="outlined" size="small">
        {translate('creditGrant.button')}
      </Button>
      <Dialog
        open={open}
        onClose={() => !grant.isPending && setOpen(false)}
        aria-labelledby="credit-grant-title"
      >
        <form onSubmit={submit} noValidate>
          <DialogTitle id="credit-grant-title">
            {translate('creditGrant.title', { name: record.name || record.email })}
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1, minWidth: { sm: 360 } }}>
              <TextField
                label={translate('creditGrant.amount')}
                type="number"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                required
                autoFocus
                error={Boolean(invalid.amount)}
                helperText={translate(
                  invalid.amount ? 'creditGrant.amountInvalid' : 'creditGrant.amountHelp',
                  {
                    max: ADMIN_CREDIT_GRANT_MAX,
                  },
                )}
                slotProps={{ htmlInput: { min: 1, max: ADMIN_CREDIT_GRANT_MAX, step: 1 } }}
              />
              <TextField
                label={translate('creditGrant.note')}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                required
                multiline
                minRows={2}
                error={Boolean(invalid.note)}
                helperText={translate(invalid.note ? 'creditGrant.noteInvalid' : 'creditGrant.noteHelp')}
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} disabled={grant.isPending}>
              {translate('ra.action.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={grant.isPending}>
              {translate('creditGrant.submit')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
};
