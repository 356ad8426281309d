import Box from '@mui/material/Box';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { loginRequestSchema } from '@estancia/contracts';
import { FormTextField } from '../../../shared/FormTextField';
import { reportApiError } from '../../../shared/forms';
import { currentLocale } from '../../../shared/i18n';
import { session } from '../../session/session';
import { identityApi } from '../api/identity-api';
import { AuthSubmitButton } from './AuthSubmitButton';

type LoginInput = z.input<typeof loginRequestSchema>;
type LoginOutput = z.output<typeof loginRequestSchema>;

/** E-mail and password; signing in stores the session and the guards take the user on. */
export function LoginForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const { t } = useTranslation();
  const { control, handleSubmit, setError } = useForm<LoginInput, unknown, LoginOutput>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { login: defaultEmail, password: '' },
  });
  const login = useMutation({ mutationFn: identityApi.login });
  const submit = handleSubmit(async (values) => {
    try {
      session.signIn(await login.mutateAsync({ ...values, language: currentLocale() }));
    } catch (error) {
      reportApiError(error, setError);
    }
  });
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <FormTextField
        control={control}
        name="login"
        id="login-email"
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        required
      />
      <FormTextField
        control={control}
        name="password"
        id="login-password"
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        required
      />
      <AuthSubmitButton pending={login.isPending}>{t('auth.submitLogin')}</AuthSubmitButton>
    </Box>
  );
}
