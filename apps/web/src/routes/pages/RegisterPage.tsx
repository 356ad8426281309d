import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { emailSchema } from '@estancia/contracts';
import { afterSignIn } from '../../app/guards';
import { pathTo } from '../../app/route-meta';
import { AuthCard } from '../../features/auth/components/AuthCard';
import { GoogleSignIn } from '../../features/auth/components/GoogleSignIn';
import { RegisterForm } from '../../features/auth/components/RegisterForm';
import { VerifyEmailForm } from '../../features/auth/components/VerifyEmailForm';
import type { LoginLocationState } from './LoginPage';

/**
 * The form, then the e-mailed code step. The step lives in the address (`?verify=<email>`), so a reload,
 * a sign-in of an unverified account or a second registration all land on it.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const referralCode = params.get('ref') ?? '';
  // Where the visitor was heading (e.g. the offers): Login takes them there after the e-mailed code.
  const redirectTo = params.get('redirectTo');
  const pendingEmail = emailSchema.safeParse(params.get('verify') ?? '').data ?? null;
  const toNextPage = useCallback(
    () => void navigate(pathTo(afterSignIn(redirectTo)), { replace: true }),
    [navigate, redirectTo],
  );
  const setPendingEmail = (email: string | null) =>
    setParams((current) => {
      if (email) current.set('verify', email);
      else current.delete('verify');
      return current;
    });

  if (pendingEmail) {
    const state: LoginLocationState = { verifiedEmail: pendingEmail };
    return (
      <AuthCard title={t('auth.registerTitle')} mode="register">
        <VerifyEmailForm
          key={pendingEmail}
          email={pendingEmail}
          onVerified={() =>
            void navigate(pathTo('Login', {}, redirectTo ? { redirectTo } : undefined), { state })
          }
          onOtherEmail={() => setPendingEmail(null)}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t('auth.registerTitle')}
      mode="register"
      alternative={<GoogleSignIn referralCode={referralCode} onSignedIn={toNextPage} />}
    >
      <RegisterForm referralCode={referralCode} onRegistered={setPendingEmail} />
    </AuthCard>
  );
}
