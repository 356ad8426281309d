import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { reportApiError } from '../../../shared/forms';
import { currentLocale } from '../../../shared/i18n';
import { usePlatformConfig } from '../../platform/hooks/usePlatform';
import { session } from '../../session/session';
import { identityApi } from '../api/identity-api';
import { loadGoogleIdentity } from '../google-identity';

interface GoogleSignInProps {
  referralCode?: string;
  onSignedIn?: () => void;
}

/** Google's own button, shown only when the platform has a Google client id. */
export function GoogleSignIn(props: GoogleSignInProps) {
  const config = usePlatformConfig();
  const clientId = config.data?.googleClientId;
  if (!clientId) return null;
  return <GoogleButton clientId={clientId} {...props} />;
}

function GoogleButton({ clientId, referralCode = '', onSignedIn }: GoogleSignInProps & { clientId: string }) {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [unavailable, setUnavailable] = useState(false);
  const google = useMutation({ mutationFn: identityApi.google });
  const { mutateAsync } = google;

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity()
      .then((gis) => {
        if (cancelled || !container.current) return;
        gis.accounts.id.initialize({
          client_id: clientId,
          callback: ({ credential }) => {
            mutateAsync({ token: credential, referralCode, language: currentLocale() })
              .then((result) => {
                session.signIn(result);
                onSignedIn?.();
              })
              .catch((error: unknown) => reportApiError(error));
          },
        });
        gis.accounts.id.renderButton(container.current, {
          theme: 'outline',
          size: 'large',
          locale: i18n.language,
          width: 320,
        });
      })
      .catch(() => !cancelled && setUnavailable(true));
    return () => {
      cancelled = true;
    };
  }, [clientId, referralCode, onSignedIn, mutateAsync, i18n.language]);

  return (
    <>
      <Divider sx={{ my: 2 }}>{t('auth.or')}</Divider>
      <Box sx={{ display: 'flex', justifyContent: 'center', my: 2 }}>
        {unavailable ? (
          <Typography role="status">{t('auth.googleUnavailable')}</Typography>
        ) : (
          <div ref={container} />
        )}
      </Box>
    </>
  );
}
