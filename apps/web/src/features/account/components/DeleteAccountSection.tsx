import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { ErrorCode, FieldIssue, deleteAccountRequestSchema, type User } from '@estancia/contracts';
import { pathTo } from '../../../app/route-meta';
import { FormTextField } from '../../../shared/FormTextField';
import { reportApiError } from '../../../shared/forms';
import { queryClient } from '../../../shared/query-client';
import { notifications } from '../../notifications/notifications';
import { session } from '../../session/session';
import { accountApi } from '../api/account-api';

/**
 * The API's request schema, with what this account must give: its password, or (signed up with
 * Google, no password) its e-mail typed again.
 */
const confirmationSchema = (user: Pick<User, 'email' | 'hasPassword'>) =>
  deleteAccountRequestSchema.superRefine((body, ctx) => {
    if (user.hasPassword && !body.password)
      ctx.addIssue({ code: 'custom', path: ['password'], message: FieldIssue.REQUIRED });
    if (!user.hasPassword && body.confirmation.toLowerCase() !== user.email.toLowerCase())
      ctx.addIssue({ code: 'custom', path: ['confirmation'], message: ErrorCode.DELETION_NOT_CONFIRMED });
  });

/** "Delete my account": what goes and what stays, then a dialog that asks for the password before anything is deleted. */
export function DeleteAccountSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const textId = useId();
  const schema = useMemo(() => confirmationSchema(user), [user]);
  const { control, handleSubmit, setError, reset } = useForm<
    z.input<typeof schema>,
    unknown,
    z.output<typeof schema>
  >({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirmation: '' },
  });
  const remove = useMutation({ mutationFn: accountApi.deleteAccount });
  const close = () => {
    if (remove.isPending) return;
    setOpen(false);
    reset();
  };
  const submit = handleSubmit(async (body) => {
    try {
      await remove.mutateAsync(body);
    } catch (error) {
      reportApiError(error, setError, {
        codeFields: { CURRENT_PASSWORD_WRONG: 'password', DELETION_NOT_CONFIRMED: 'confirmation' },
      });
      return;
    }
    // Nothing of the account may linger on this device: cached pages, the token, the live connection.
    queryClient.clear();
    session.clear();
    navigate(pathTo('Login'), { replace: true });
    notifications.toast('information', { key: 'account.deleteAccount.done' });
  });
  return (
    <Box sx={{ maxWidth: 640 }}>
      <Typography sx={{ mt: 1 }}>{t('account.deleteAccount.text')}</Typography>
      <Button variant="outlined" color="error" sx={{ mt: 2 }} onClick={() => setOpen(true)}>
        {t('account.deleteAccount.open')}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        aria-labelledby={titleId}
        aria-describedby={textId}
        fullWidth
        maxWidth="sm"
      >
        <form noValidate onSubmit={submit}>
          <DialogTitle id={titleId}>{t('account.deleteAccount.title')}</DialogTitle>
          <DialogContent>
            <DialogContentText id={textId}>{t('account.deleteAccount.consequences')}</DialogContentText>
            {user.hasPassword ? (
              <FormTextField
                control={control}
                name="password"
                id="delete-account-password"
                label={t('account.deleteAccount.password')}
                type="password"
                autoComplete="current-password"
                required
              />
            ) : (
              <FormTextField
                control={control}
                name="confirmation"
                id="delete-account-confirmation"
                label={t('account.deleteAccount.typeEmail', { email: user.email })}
                type="email"
                autoComplete="off"
                required
              />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={remove.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant="contained" color="error" disabled={remove.isPending}>
              {t('account.deleteAccount.submit')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Box>
  );
}
