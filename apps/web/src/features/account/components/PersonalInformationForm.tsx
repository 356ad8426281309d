import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { updateProfileRequestSchema, type User } from '@estancia/contracts';
import { FormTextField } from '../../../shared/FormTextField';
import { reportApiError } from '../../../shared/forms';
import { identityApi } from '../../auth/api/identity-api';
import { notifications } from '../../notifications/notifications';
import { session } from '../../session/session';

type ProfileInput = z.input<typeof updateProfileRequestSchema>;
type ProfileOutput = z.output<typeof updateProfileRequestSchema>;

/** Name, company and phone; the e-mail is shown but identifies the account and does not change here. */
export function PersonalInformationForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const { control, handleSubmit, setError, reset } = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(updateProfileRequestSchema),
    defaultValues: { name: user.name, company: user.company, phone: user.phone },
  });
  const update = useMutation({ mutationFn: identityApi.updateProfile });
  const submit = handleSubmit(async (values) => {
    try {
      const { user: updated } = await update.mutateAsync(values);
      session.setUser(updated);
      reset({ name: updated.name, company: updated.company, phone: updated.phone });
      notifications.toast('information', { key: 'account.personal.saved' });
    } catch (error) {
      reportApiError(error, setError);
    }
  });
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 560 }}>
      <FormTextField
        control={control}
        name="name"
        id="profile-name"
        label={t('account.personal.name')}
        autoComplete="name"
        required
      />
      <TextField
        id="profile-email"
        label={t('account.personal.email')}
        value={user.email}
        fullWidth
        margin="normal"
        slotProps={{ htmlInput: { readOnly: true } }}
      />
      <FormTextField
        control={control}
        name="company"
        id="profile-company"
        label={t('account.personal.company')}
        autoComplete="organization"
      />
      <FormTextField
        control={control}
        name="phone"
        id="profile-phone"
        label={t('account.personal.phone')}
        type="tel"
        autoComplete="tel"
      />
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={update.isPending}>
        {t('account.personal.submit')}
      </Button>
    </Box>
  );
}
