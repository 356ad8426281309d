import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
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
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const toMyProjects = useCallback(() => void navigate(pathTo('MyProjects'), { replace: true }), [navigate]);

  if (pendingEmail) {
    const state: LoginLocationState = { verifiedEmail: pendingEmail };
    return (
      <AuthCard title={t('auth.registerTitle')} mode="register">
        <VerifyEmailForm email={pendingEmail} onVerified={() => void navigate(pathTo('Login'), { state })} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t('auth.registerTitle')}
      mode="register"
      alternative={<GoogleSignIn referralCode={referralCode} onSignedIn={toMyProjects} />}
    >
      <RegisterForm referralCode={referralCode} onRegistered={setPendingEmail} />
    </AuthCard>
  );
}
