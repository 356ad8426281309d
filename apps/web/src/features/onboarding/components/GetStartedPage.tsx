import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { TFunction } from 'i18next';
import type { FreeTry, User } from '@estancia/contracts';
import { pathTo } from '../../../app/route-meta';
import { useCheckoutSession } from '../../billing/api/checkout';
import { refreshSessionUser } from '../../billing/api/subscription';
import { PaymentCancelDialog, TransactionRejectedDialog } from '../../billing/components/PaymentDialogs';
import { PaymentSuccessDialog } from '../../billing/components/PaymentSuccessDialog';
import { PACKS_ANCHOR } from '../../billing/sections';
import { FreeTryResult } from '../../free-try/components/FreeTryResult';
import { forgetCurrentTry, isExpired, loadCurrentTry, saveCurrentTry } from '../../free-try/free-try-storage';
import { useCompletePendingPurchase } from '../../free-try/hooks/usePurchaseFreeTry';
import { RouterButton } from '../../navigation/components/RouterButton';
import { useSession } from '../../session/session';

/** An account made in the last day sees the welcome (NewGetStarted) above the steps. */
const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;
const isNewAccount = (user: User) => Date.now() - Date.parse(user.createdAt) <= NEW_ACCOUNT_MS;

interface StepCard {
  id: string;
  title: string;
  text: string;
  action: string;
  to: string;
}

/**
 * `/get-started/:status?/:token?`: the way to a first decoration for a user without a subscription (a
 * plan, a pack, their first project, or the free try they made before signing in), and where a payment
 * comes back to (`success` with the checkout session id, or `cancel`).
 */
export function GetStartedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { status, token = '' } = useParams();
  const { user } = useSession();
  const [freeTry, setFreeTry] = useState<FreeTry | null>(() => {
    const stored = user ? loadCurrentTry() : null;
    return stored && !isExpired(stored) ? stored : null;
  });
  const back = () => void navigate(pathTo('GetStarted'), { replace: true });

  const steps: StepCard[] = user
    ? [
        { id: 'plan', ...texts(t, 'getStarted.plan'), to: pathTo('Offers') },
        { id: 'pack', ...texts(t, 'getStarted.pack'), to: `${pathTo('Offers')}#${PACKS_ANCHOR}` },
        { id: 'project', ...texts(t, 'getStarted.project'), to: pathTo('NewProject') },
      ]
    : [
        {
          id: 'try',
          title: t('getStarted.visitor.tryTitle'),
          text: t('getStarted.visitor.tryText'),
          action: t('getStarted.visitor.tryAction'),
          to: pathTo('FileUpload'),
        },
        {
          id: 'register',
          title: t('getStarted.visitor.registerTitle'),
          text: t('getStarted.visitor.registerText'),
          action: t('getStarted.visitor.registerAction'),
          to: pathTo('Register'),
        },
        { id: 'plan', ...texts(t, 'getStarted.plan'), to: pathTo('Offers') },
      ];

  return (
    <>
      <Typography component="h1" variant="h1" gutterBottom>
        {t('routes.GetStarted')}
      </Typography>
      {user && isNewAccount(user) ? (
        <Box sx={{ mb: 2 }}>
          <Typography component="p" variant="h5">
            {t('getStarted.welcome', { name: user.name || user.email.split('@')[0] })}
          </Typography>
          <Typography>{t('getStarted.welcomeText')}</Typography>
        </Box>
      ) : (
        <Typography sx={{ mb: 2 }}>{t('pages.GetStarted')}</Typography>
      )}

      {user && freeTry && (
        <FreeTryResult
          freeTry={freeTry}
          mode="customer"
          title={t('getStarted.continueTry.title')}
          intro={t('getStarted.continueTry.text')}
          onChange={(next) => {
            saveCurrentTry(next);
            setFreeTry(next);
          }}
          onStartOver={() => {
            forgetCurrentTry();
            setFreeTry(null);
          }}
        />
      )}

      <Box component="section" aria-labelledby="get-started-steps" sx={{ mt: 3 }}>
        <Typography id="get-started-steps" component="h2" variant="h2" gutterBottom>
          {t('getStarted.stepsTitle')}
        </Typography>
        <Grid container spacing={2} component="ol" sx={{ listStyle: 'none', p: 0 }}>
          {steps.map((step, index) => (
            <Grid key={step.id} size={{ xs: 12, md: 4 }} component="li">
              <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
                <CardContent sx={{ flex: 1 }}>
                  <Typography component="h3" variant="h6" gutterBottom>
                    {index + 1}. {step.title}
                  </Typography>
                  <Typography>{step.text}</Typography>
                </CardContent>
                <CardActions>
                  <RouterButton to={step.to} variant={index === 0 ? 'contained' : 'outlined'}>
                    {step.action}
                  </RouterButton>
                </CardActions>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Box>

      {status === 'success' && user && token && <PaymentReturn sessionId={token} onClose={back} />}
      <PaymentCancelDialog open={status === 'cancel'} onClose={back} />
    </>
  );
}

function texts(t: TFunction, prefix: string) {
  return { title: t(`${prefix}.title`), text: t(`${prefix}.text`), action: t(`${prefix}.action`) };
}

/** Back from the gateway: the session is asked until it has settled, then the matching dialog shows. */
function PaymentReturn({ sessionId, onClose }: { sessionId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useCheckoutSession(sessionId, { poll: true });
  const state = query.data?.state;
  useCompletePendingPurchase(query.data);

  useEffect(() => {
    if (state !== 'paid') return;
    void refreshSessionUser();
    void client.invalidateQueries({ queryKey: ['billing'] });
    void client.invalidateQueries({ queryKey: ['wallet'] });
  }, [state, client]);

  if (query.isError) return <Alert severity="error">{t('errors:INTERNAL')}</Alert>;
  if (!query.data || state === 'open')
    return (
      <Stack direction="row" gap={2} alignItems="center" role="status" sx={{ mt: 3 }}>
        <CircularProgress size={28} aria-hidden />
        <Typography>{t('payment.confirming')}</Typography>
      </Stack>
    );
  if (state === 'paid') return <PaymentSuccessDialog session={query.data} open onClose={onClose} />;
  if (state === 'declined') return <TransactionRejectedDialog open onClose={onClose} />;
  return <PaymentCancelDialog open onClose={onClose} />;
}
