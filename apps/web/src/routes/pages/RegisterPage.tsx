import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { afterSignIn } from '../../app/guards';
import { pathTo } from '../../app/route-meta';
import { AuthCard } from '../../features/auth/components/AuthCard';
import { GoogleSignIn } from '../../features/auth/components/GoogleSignIn';
import { RegisterForm } from '../../features/auth/components/RegisterForm';
import { VerifyEmailForm } from '../../features/auth/components/VerifyEmailForm';
import type { LoginLocationState } from './LoginPage';

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const referralCode = params.get('ref') ?? '';
  // Where the visitor was heading (e.g. the offers): Login takes them there after the e-mailed code.
  const redirectTo = params.get('redirectTo');
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const toNextPage = useCallback(
    () => void navigate(pathTo(afterSignIn(redirectTo)), { replace: true }),
    [navigate, redirectTo],
  );

  if (pendingEmail) {
    const state: LoginLocationState = { verifiedEmail: pendingEmail };
    return (
      <AuthCard title={t('auth.registerTitle')} mode="register">
        <VerifyEmailForm
          email={pendingEmail}
          onVerified={() =>
            void navigate(pathTo('Login', {}, redirectTo ? { redirectTo } : undefined), { state })
          }
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
