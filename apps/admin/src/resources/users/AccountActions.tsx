import { type ReactNode, useState } from 'react';
import BlockIcon from '@mui/icons-material/Block';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import LockResetIcon from '@mui/icons-material/LockReset';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { Button, FormControlLabel, Radio, RadioGroup, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useNotify, useRecordContext, useRedirect, useRefresh, useTranslate, useUpdate } from 'react-admin';
import {
  adminBlockRequestSchema,
  adminEraseRequestSchema,
  type AdminUser,
  ROLES,
  type Role,
} from '@estancia/contracts';
import { apiErrorKey } from '../../common/apiErrorKey';
import { type RecordActionMeta, staffHttpClient } from '../../data/dataProvider';
import { ActionDialog } from './ActionDialog';

type AccountAction = 'role' | 'block' | 'unblock' | 'verification-email' | 'password-reset-email';

/**
 * One POST users/:id/<action> through react-admin's update (see the data provider), which answers the account as it
 * is afterwards and replaces the cached record; the refresh reloads what hangs off it (ledger, audit link). A refusal
 * is kept as a translation key for the dialog to show.
 */
const useAccountAction = (user: AdminUser | undefined) => {
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate<AdminUser>();
  const [error, setError] = useState<string | null>(null);
  const run = (action: AccountAction, body: unknown, done: string, onDone: () => void) => {
    if (!user) return;
    setError(null);
    const meta: RecordActionMeta = { action, body };
    update(
      'users',
      { id: user.id, data: {}, previousData: user, meta },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(done, { type: 'success', messageArgs: { email: user.email } });
          onDone();
          refresh();
        },
        onError: (failure) => setError(apiErrorKey(failure)),
      },
    );
  };
  return { run, isPending, error, clearError: () => setError(null) };
};

/** Open/close state of one action's dialog, clearing the last refusal on each opening. */
const useDialog = (clearError: () => void) => {
  const [open, setOpen] = useState(false);
  return {
    open,
    show: () => {
      clearError();
      setOpen(true);
    },
    hide: () => setOpen(false),
  };
};

const nameOf = (user: AdminUser) => user.name || user.email;

/** Customer, decorator or admin: a staff role opens the console to them, so it is asked for explicitly. */
export const ChangeRoleButton = () => {
  const translate = useTranslate();
  const user = useRecordContext<AdminUser>();
  const action = useAccountAction(user);
  const dialog = useDialog(action.clearError);
  const [role, setRole] = useState<Role>('customer');
  if (!user) return null;
  return (
    <>
      <Button
        size="small"
        startIcon={<ManageAccountsIcon />}
        onClick={() => {
          setRole(user.role);
          dialog.show();
        }}
      >
        {translate('console.customers.role.button')}
      </Button>
      <ActionDialog
        open={dialog.open}
        title={translate('console.customers.role.title', { name: nameOf(user) })}
        description="console.customers.role.description"
        submitLabel={translate('console.customers.role.submit')}
        pending={action.isPending}
        error={action.error}
        onClose={dialog.hide}
        onSubmit={() =>
          role === user.role
            ? dialog.hide()
            : action.run('role', { role }, 'console.customers.role.done', dialog.hide)
        }
      >
        <RadioGroup
          aria-label={translate('resources.users.fields.role')}
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
        >
          {ROLES.map((option) => (
            <FormControlLabel
              key={option}
              value={option}
              control={<Radio />}
              label={translate(`console.roles.${option}`)}
            />
          ))}
        </RadioGroup>
      </ActionDialog>
    </>
  );
};

/**
 * Block (with a required reason: it ends their sessions, sockets and API keys at once) or, for a blocked account,
 * unblock (they sign in again).
 */
export const BlockButton = () => {
  const translate = useTranslate();
  const user = useRecordContext<AdminUser>();
  const action = useAccountAction(user);
  const dialog = useDialog(action.clearError);
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  if (!user) return null;
  if (user.blocked)
    return (
      <>
        <Button size="small" startIcon={<LockOpenIcon />} onClick={dialog.show}>
          {translate('console.customers.unblock.button')}
        </Button>
        <ActionDialog
          open={dialog.open}
          title={translate('console.customers.unblock.title', { name: nameOf(user) })}
          description="console.customers.unblock.description"
          submitLabel={translate('console.customers.unblock.submit')}
          pending={action.isPending}
          error={action.error}
          onClose={dialog.hide}
          onSubmit={() => action.run('unblock', {}, 'console.customers.unblock.done', dialog.hide)}
        />
      </>
    );
  const submit = () => {
    const parsed = adminBlockRequestSchema.safeParse({ reason });
    setInvalid(!parsed.success);
    if (parsed.success) action.run('block', parsed.data, 'console.customers.block.done', dialog.hide);
  };
  return (
    <>
      <Button
        size="small"
        color="error"
        startIcon={<BlockIcon />}
        onClick={() => {
          setReason('');
          setInvalid(false);
          dialog.show();
        }}
      >
        {translate('console.customers.block.button')}
      </Button>
      <ActionDialog
        open={dialog.open}
        title={translate('console.customers.block.title', { name: nameOf(user) })}
        description="console.customers.block.description"
        submitLabel={translate('console.customers.block.submit')}
        destructive
        pending={action.isPending}
        error={action.error}
        onClose={dialog.hide}
        onSubmit={submit}
      >
        <TextField
          label={translate('console.customers.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required
          autoFocus
          multiline
          minRows={2}
          error={invalid}
          helperText={translate(invalid ? 'console.customers.reasonInvalid' : 'console.customers.reasonHelp')}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      </ActionDialog>
    </>
  );
};

/** A confirmed action without inputs that sends the customer an e-mail. */
const EmailActionButton = ({
  action: name,
  messages,
  icon,
}: {
  action: 'verification-email' | 'password-reset-email';
  messages: string;
  icon: ReactNode;
}) => {
  const translate = useTranslate();
  const user = useRecordContext<AdminUser>();
  const action = useAccountAction(user);
  const dialog = useDialog(action.clearError);
  if (!user) return null;
  return (
    <>
      <Button size="small" startIcon={icon} onClick={dialog.show}>
        {translate(`${messages}.button`)}
      </Button>
      <ActionDialog
        open={dialog.open}
        title={translate(`${messages}.title`, { name: nameOf(user) })}
        description={`${messages}.description`}
        descriptionArgs={{ email: user.email }}
        submitLabel={translate(`${messages}.submit`)}
        pending={action.isPending}
        error={action.error}
        onClose={dialog.hide}
        onSubmit={() => action.run(name, {}, `${messages}.done`, dialog.hide)}
      />
    </>
  );
};

/** Sends a new verification code; offered only while the account is unverified (the API answers ALREADY_VERIFIED). */
export const ResendVerificationButton = () => {
  const user = useRecordContext<AdminUser>();
  if (!user || user.verified) return null;
  return (
    <EmailActionButton
      action="verification-email"
      messages="console.customers.verification"
      icon={<MarkEmailReadIcon />}
    />
  );
};

/** Sends the customer a password-reset link (the console never sees or sets a password). */
export const PasswordResetEmailButton = () => (
  <EmailActionButton
    action="password-reset-email"
    messages="console.customers.passwordReset"
    icon={<LockResetIcon />}
  />
);

/** DELETE /data/admin/users/:id with the reason: the GDPR erasure of the account and its files. */
async function eraseAccount(userId: string, reason: string) {
  await staffHttpClient(`/data/admin/users/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
    body: JSON.stringify(adminEraseRequestSchema.parse({ reason })),
  });
}

/**
 * Deletes the account and its files for good (payments and invoices stay, without the person). The admin types the
 * account's e-mail to confirm and gives the reason; afterwards the console goes back to the list.
 */
export const DeleteAccountButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const user = useRecordContext<AdminUser>();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState({ email: false, reason: false });
  const erase = useMutation({
    mutationFn: (why: string) => eraseAccount(String(user?.id), why),
    onSuccess: () => {
      notify('console.customers.erase.done', { type: 'success', messageArgs: { email: user?.email } });
      setOpen(false);
      redirect('list', 'users');
    },
  });
  if (!user) return null;
  const submit = () => {
    const emailMatches = typed.trim().toLowerCase() === user.email.toLowerCase();
    const reasonValid = adminEraseRequestSchema.safeParse({ reason }).success;
    setInvalid({ email: !emailMatches, reason: !reasonValid });
    if (emailMatches && reasonValid) erase.mutate(reason);
  };
  return (
    <>
      <Button
        size="small"
        color="error"
        startIcon={<DeleteForeverIcon />}
        onClick={() => {
          setTyped('');
          setReason('');
          setInvalid({ email: false, reason: false });
          erase.reset();
          setOpen(true);
        }}
      >
        {translate('console.customers.erase.button')}
      </Button>
      <ActionDialog
        open={open}
        title={translate('console.customers.erase.title', { name: nameOf(user) })}
        description="console.customers.erase.description"
        submitLabel={translate('console.customers.erase.submit')}
        destructive
        pending={erase.isPending}
        error={erase.isError ? apiErrorKey(erase.error) : null}
        onClose={() => setOpen(false)}
        onSubmit={submit}
      >
        <TextField
          label={translate('console.customers.erase.typeEmail', { email: user.email })}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          required
          autoFocus
          autoComplete="off"
          error={invalid.email}
          helperText={invalid.email ? translate('console.customers.erase.emailMismatch') : ' '}
        />
        <TextField
          label={translate('console.customers.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required
          multiline
          minRows={2}
          error={invalid.reason}
          helperText={translate(
            invalid.reason ? 'console.customers.reasonInvalid' : 'console.customers.reasonHelp',
          )}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      </ActionDialog>
    </>
  );
};
