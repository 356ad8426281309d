import Box from '@mui/material/Box';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@estancia/contracts';
import { FormTextField } from '../../../shared/FormTextField';
import { NewPasswordFields } from './NewPasswordFields';
import { reportApiError } from '../../../shared/forms';
import { currentLocale } from '../../../shared/i18n';
import { identityApi } from '../api/identity-api';
import { AuthSubmitButton } from './AuthSubmitButton';
import { TermsConsent } from './TermsConsent';
import {
  registrationFormSchema,
  type RegistrationFormInput,
  type RegistrationFormOutput,
} from './password-schemas';

/**
 * Name, e-mail, password twice, company, referral code, language and the terms consent; then the e-mailed
 * code step. Registering again an e-mail that never entered its code is answered like a first time.
 */
export function RegisterForm({
  referralCode,
  onRegistered,
}: {
  referralCode: string;
  onRegistered: (email: string) => void;
}) {
  const { t } = useTranslation();
  const { control, handleSubmit, setError } = useForm<RegistrationFormInput, unknown, RegistrationFormOutput>(
    {
      resolver: zodResolver(registrationFormSchema),
      defaultValues: {
        name: '',
        email: '',
        password: '',
        repeatPassword: '',
        company: '',
        referralCode,
        language: currentLocale(),
        acceptTerms: false,
      },
    },
  );
  const register = useMutation({ mutationFn: identityApi.register });
  const submit = handleSubmit(async ({ repeatPassword: _repeat, ...values }) => {
    try {
      await register.mutateAsync(values);
      onRegistered(values.email);
    } catch (error) {
      reportApiError(error, setError, {
        codeFields: { EMAIL_ALREADY_EXISTS: 'email', REFERRAL_CODE_UNKNOWN: 'referralCode' },
      });
    }
  });
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <FormTextField
        control={control}
        name="name"
        id="register-name"
        label={t('auth.name')}
        autoComplete="name"
        required
      />
      <FormTextField
        control={control}
        name="email"
        id="register-email"
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        required
      />
      <NewPasswordFields
        control={control}
        idPrefix="register"
        labels={{ password: t('auth.password'), repeat: t('auth.repeatPassword') }}
      />
      <FormTextField
        control={control}
        name="company"
        id="register-company"
        label={t('auth.company')}
        autoComplete="organization"
      />
      <FormTextField
        control={control}
        name="referralCode"
        id="register-referral"
        label={t('auth.referralCode')}
      />
      <FormTextField
        control={control}
        name="language"
        id="register-language"
        label={t('auth.accountLanguage')}
        select
        slotProps={{ select: { native: true } }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {t(`language.names.${locale}`)}
          </option>
        ))}
      </FormTextField>
      <TermsConsent control={control} name="acceptTerms" id="register-accept-terms" />
      <AuthSubmitButton pending={register.isPending}>{t('auth.submitRegister')}</AuthSubmitButton>
    </Box>
  );
}
