import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../features/auth/components/AuthCard';
import { ForgotPassword } from '../../features/auth/components/ForgotPasswordDialog';
import { GoogleSignIn } from '../../features/auth/components/GoogleSignIn';
import { LoginForm } from '../../features/auth/components/LoginForm';
import { ResetPasswordForm } from '../../features/auth/components/ResetPasswordForm';

/** Set by Register after the e-mailed code is accepted. */
export interface LoginLocationState {
  verifiedEmail?: string;
}

export function LoginPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = (useLocation().state ?? {}) as LoginLocationState;
  const resetToken = params.get('resetToken');
  const closeReset = () =>
    setParams(
      (current) => {
        current.delete('resetToken');
        return current;
      },
      { replace: true },
    );

  return (
    <AuthCard
      title={t('auth.loginTitle')}
      mode="login"
      alternative={resetToken ? undefined : <GoogleSignIn />}
    >
      {state.verifiedEmail && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {t('auth.verify.done')}
        </Alert>
      )}
      {resetToken ? (
        <ResetPasswordForm rowId={resetToken} onDone={closeReset} />
      ) : (
        <>
          <LoginForm defaultEmail={state.verifiedEmail} />
          <Box sx={{ mt: 1, textAlign: 'center' }}>
            <ForgotPassword />
          </Box>
        </>
      )}
    </AuthCard>
  );
}
