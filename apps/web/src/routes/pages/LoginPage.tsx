import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isRouteName, pathTo } from '../../app/route-meta';
import { AuthCard } from '../../features/auth/components/AuthCard';
import { ForgotPassword } from '../../features/auth/components/ForgotPasswordDialog';
import { GoogleSignIn } from '../../features/auth/components/GoogleSignIn';
import { LoginForm } from '../../features/auth/components/LoginForm';
import { ResetPasswordForm } from '../../features/auth/components/ResetPasswordForm';
import { LandingHero } from '../../features/landing/components/LandingHero';
import { LandingSections } from '../../features/landing/components/LandingSections';
import { LANDING_SECTIONS } from '../../features/landing/landing-sections';

/** Set by Register after the e-mailed code is accepted. */
export interface LoginLocationState {
  verifiedEmail?: string;
}

/**
 * `/login/`, which `/` shows a visitor (spec section 2): the sign-in form beside what Estancia does, then
 * examples, the steps, the plans and answers. A password reset from an e-mail shows the form alone.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const state = (useLocation().state ?? {}) as LoginLocationState;
  const resetToken = params.get('resetToken');
  const redirectTo = params.get('redirectTo');
  const opening = !resetToken && isRouteName(redirectTo) ? redirectTo : null;
  // The code step of Register, keeping where the visitor was heading for the sign-in after it.
  const toCodeStep = (email: string) =>
    void navigate(pathTo('Register', {}, { verify: email, ...(redirectTo ? { redirectTo } : {}) }));
  const closeReset = () =>
    setParams(
      (current) => {
        current.delete('resetToken');
        return current;
      },
      { replace: true },
    );

  const card = (
    <AuthCard
      title={t('auth.loginTitle')}
      mode="login"
      alternative={resetToken ? undefined : <GoogleSignIn />}
    >
      {opening && (
        // A private page sent the visitor here: say why, and for Help, where the public answers are.
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {t('auth.signInToOpen', { page: t(`routes.${opening}`) })}
          {opening === 'Help' && (
            <>
              {' '}
              <Link
                component={RouterLink}
                to={`${pathTo('Login')}#${LANDING_SECTIONS.faq}`}
                underline="always"
              >
                {t('auth.helpFaq')}
              </Link>
            </>
          )}
        </Alert>
      )}
      {state.verifiedEmail && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {t('auth.verify.done')}
        </Alert>
      )}
      {resetToken ? (
        <ResetPasswordForm rowId={resetToken} onDone={closeReset} />
      ) : (
        <>
          <LoginForm defaultEmail={state.verifiedEmail} onUnverified={toCodeStep} />
          <Box sx={{ mt: 1, textAlign: 'center' }}>
            <ForgotPassword />
          </Box>
        </>
      )}
    </AuthCard>
  );
  if (resetToken) return card;
  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 4, md: 6 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.2fr) minmax(0, 1fr)' },
          alignItems: 'center',
        }}
      >
        <LandingHero />
        {card}
      </Box>
      <LandingSections />
    </>
  );
}
