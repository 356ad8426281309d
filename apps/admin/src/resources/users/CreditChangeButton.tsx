import { useState } from 'react';
import AddCardIcon from '@mui/icons-material/AddCard';
import CreditCardOffIcon from '@mui/icons-material/CreditCardOff';
import { Button, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useNotify, usePermissions, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import {
  ADMIN_CREDIT_GRANT_MAX,
  adminCreditGrantRequestSchema,
  adminCreditGrantResponseSchema,
  adminCreditRemovalRequestSchema,
  type AdminCreditGrantRequest,
  type AdminUser,
} from '@estancia/contracts';
import { apiErrorKey } from '../../common/apiErrorKey';
import { staffHttpClient } from '../../data/dataProvider';
import { ActionDialog } from './ActionDialog';

export type CreditChange = 'grant' | 'removal';

/**
 * The two ledger movements staff make by hand. Both take an amount and a reason, and an Idempotency-Key so a
 * double submit (or a retry after a lost answer) moves the credits once; both answer the balance afterwards.
 */
const CHANGES = {
  grant: {
    path: 'credits',
    schema: adminCreditGrantRequestSchema,
    messages: 'creditGrant',
    done: 'creditGrant.granted',
    icon: <AddCardIcon />,
  },
  removal: {
    path: 'credit-removals',
    schema: adminCreditRemovalRequestSchema,
    messages: 'creditRemoval',
    done: 'creditRemoval.removed',
    icon: <CreditCardOffIcon />,
  },
} as const;

/** POST /data/admin/users/:id/credits or …/credit-removals. */
async function changeCredits(
  change: CreditChange,
  userId: string,
  request: AdminCreditGrantRequest,
  key: string,
) {
  const { json } = await staffHttpClient(
    `/data/admin/users/${encodeURIComponent(userId)}/${CHANGES[change].path}`,
    {
      method: 'POST',
      body: JSON.stringify(request),
      headers: new Headers({ Accept: 'application/json', 'Idempotency-Key': key }),
    },
  );
  return adminCreditGrantResponseSchema.parse(json);
}

type Field = keyof AdminCreditGrantRequest;

/**
 * "Grant credits" / "Remove credits" on the customer's page (admins only): an amount and a required reason, which
 * the ledger keeps with the movement; then the page (balance and ledger) refreshes. A removal the balance cannot
 * cover is refused by the API (CREDIT_REMOVAL_EXCEEDS_BALANCE) and the refusal stays in the dialog.
 */
export const CreditChangeButton = ({ change }: { change: CreditChange }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const record = useRecordContext<AdminUser>();
  const { permissions } = usePermissions<string | null>();
  const { schema, messages, done, icon } = CHANGES[change];
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState<Partial<Record<Field, boolean>>>({});
  // One key per opened dialog: a double click or a retry after a lost answer moves the credits once.
  const [idempotencyKey, setIdempotencyKey] = useState('');

  const mutation = useMutation({
    mutationFn: (request: AdminCreditGrantRequest) =>
      changeCredits(change, String(record?.id), request, idempotencyKey),
    onSuccess: ({ balance }) => {
      notify(done, { type: 'success', messageArgs: { balance } });
      setOpen(false);
      refresh();
    },
  });

  if (!record || permissions !== 'admin') return null;

  const start = () => {
    setAmount('');
    setNote('');
    setInvalid({});
    setIdempotencyKey(crypto.randomUUID());
    mutation.reset();
    setOpen(true);
  };

  const submit = () => {
    const parsed = schema.safeParse({ amount: amount === '' ? NaN : Number(amount), note });
    if (!parsed.success) {
      setInvalid(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], true])));
      return;
    }
    setInvalid({});
    mutation.mutate(parsed.data);
  };

  return (
    <>
      <Button
        startIcon={icon}
        onClick={start}
        variant="outlined"
        size="small"
        color={change === 'removal' ? 'warning' : 'primary'}
        disabled={change === 'removal' && record.credits <= 0}
      >
        {translate(`${messages}.button`)}
      </Button>
      <ActionDialog
        open={open}
        title={translate(`${messages}.title`, { name: record.name || record.email })}
        description={change === 'removal' ? 'creditRemoval.description' : undefined}
        submitLabel={translate(`${messages}.submit`)}
        pending={mutation.isPending}
        error={mutation.isError ? apiErrorKey(mutation.error) : null}
        onClose={() => setOpen(false)}
        onSubmit={submit}
      >
        <TextField
          label={translate(`${messages}.amount`)}
          type="number"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          required
          autoFocus
          error={Boolean(invalid.amount)}
          helperText={translate(invalid.amount ? `${messages}.amountInvalid` : `${messages}.amountHelp`, {
            max: ADMIN_CREDIT_GRANT_MAX,
            balance: record.credits,
          })}
          slotProps={{ htmlInput: { min: 1, max: ADMIN_CREDIT_GRANT_MAX, step: 1 } }}
        />
        <TextField
          label={translate(`${messages}.note`)}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          required
          multiline
          minRows={2}
          error={Boolean(invalid.note)}
          helperText={translate(invalid.note ? `${messages}.noteInvalid` : `${messages}.noteHelp`)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      </ActionDialog>
    </>
  );
};
