import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { TFunction } from 'i18next';
import type { FreeTry, ProjectSummary, User, WalletStatistics } from '@estancia/contracts';
import { pathTo } from '../../../app/route-meta';
import { api } from '../../../shared/api';
import { useCheckoutSession } from '../../billing/api/checkout';
import { refreshSessionUser } from '../../billing/api/subscription';
import { PaymentCancelDialog, TransactionRejectedDialog } from '../../billing/components/PaymentDialogs';
import { PaymentSuccessDialog } from '../../billing/components/PaymentSuccessDialog';
import { PACKS_ANCHOR } from '../../billing/sections';
import { FreeTryResult } from '../../free-try/components/FreeTryResult';
import { forgetCurrentTry, isExpired, loadCurrentTry, saveCurrentTry } from '../../free-try/current-try';
import { useCompletePendingPurchase } from '../../free-try/hooks/usePurchaseFreeTry';
import { RouterButton } from '../../navigation/components/RouterButton';
import { projectsApi } from '../../projects/api/projects-api';
import { projectListKey } from '../../projects/components/MyProjectsPage';
import { projectStateLabel } from '../../projects/components/ProjectCard';
import { useSession } from '../../session/session';
import { customerStage, hasGiftCredit } from '../customer-stage';

/** An account made in the last day sees the welcome (NewGetStarted) above the steps. */
const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;
const isNewAccount = (user: User) => Date.now() - Date.parse(user.createdAt) <= NEW_ACCOUNT_MS;
const displayName = (user: User) => user.name || user.email.split('@')[0];

interface StepCard {
  id: string;
  title: string;
  text: string;
  action: string;
  to: string;
}

/**
 * `/get-started/:status?/:token?`: the way to a first decoration for a user without a subscription (a
 * plan, a pack, their first project, or the free try they made before signing in), the home of a
 * customer who buys packs instead of subscribing (MyProjects sends them here: their projects and
 * balance), and where a payment comes back to (`success` with the checkout session id, or `cancel`).
 */
export function GetStartedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { status, token = '' } = useParams();
  const { user } = useSession();
  const back = () => void navigate(pathTo('GetStarted'), { replace: true });

  return (
    <>
      <Typography component="h1" variant="h1" gutterBottom>
        {t('routes.GetStarted')}
      </Typography>
      {user ? <CustomerView user={user} /> : <VisitorView />}
      {status === 'success' && user && token && <PaymentReturn sessionId={token} onClose={back} />}
      <PaymentCancelDialog open={status === 'cancel'} onClose={back} />
    </>
  );
}

function VisitorView() {
  const { t } = useTranslation();
  return (
    <>
      <Typography sx={{ mb: 2 }}>{t('pages.GetStarted')}</Typography>
      <Steps
        steps={[
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
        ]}
      />
    </>
  );
}

/**
 * A signed-in customer as they really stand: a new one sees the steps to a first decoration (and the
 * gift credit only while they hold it); a returning one their projects, their balance and what to do next.
 */
function CustomerView({ user }: { user: User }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [freeTry, setFreeTry] = useState<FreeTry | null>(() => {
    const stored = loadCurrentTry();
    return stored && !isExpired(stored) ? stored : null;
  });
  const projects = useQuery({
    queryKey: projectListKey('', page),
    queryFn: () => projectsApi.list('', page),
    placeholderData: keepPreviousData,
  });
  // Only a customer without projects needs the ledger to tell a gift credit from a bought one.
  const statistics = useQuery({
    queryKey: ['wallet', 'statistics'],
    queryFn: () => api.get<WalletStatistics>('wallet/statistics'),
    enabled: projects.data?.total === 0,
  });
  const stage = customerStage(projects.data?.total, statistics.data);
  const loading = projects.isPending || (projects.data?.total === 0 && statistics.isPending);
  const newAccount = isNewAccount(user);
  const gift = hasGiftCredit(stage, user.credits);

  let intro: string | null = null;
  if (stage === 'returning') intro = t('getStarted.returning.intro');
  else if (stage === 'new' && gift)
    intro = newAccount ? t('getStarted.welcomeText') : t('getStarted.giftText');
  else if (!loading) intro = newAccount ? t('getStarted.welcomeNoGift') : t('getStarted.firstSteps');

  return (
    <>
      <Box sx={{ mb: 2 }}>
        {(newAccount || stage === 'returning') && (
          <Typography component="p" variant="h5">
            {/* What the customer has done wins over the account's age: a pack bought today is a return. */}
            {stage === 'returning'
              ? t('getStarted.returning.greeting', { name: displayName(user) })
              : t('getStarted.welcome', { name: displayName(user) })}
          </Typography>
        )}
        {intro && <Typography>{intro}</Typography>}
      </Box>

      {freeTry && (
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

      {projects.isError && (
        <Alert severity="error" sx={{ my: 2 }}>
          {t('getStarted.returning.loadFailed')}
        </Alert>
      )}
      {loading && !projects.isError ? (
        <Stack direction="row" gap={2} alignItems="center" role="status" sx={{ mt: 3 }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>{t('common.loading')}</Typography>
        </Stack>
      ) : stage === 'returning' ? (
        <>
          <BalanceSection credits={user.credits} />
          <ProjectsSection
            items={projects.data?.items ?? []}
            pages={projects.data ? Math.max(1, Math.ceil(projects.data.total / projects.data.pageSize)) : 1}
            page={page}
            onPage={setPage}
          />
        </>
      ) : (
        <Steps
          steps={[
            { id: 'plan', ...texts(t, 'getStarted.plan'), to: pathTo('Offers') },
            { id: 'pack', ...texts(t, 'getStarted.pack'), to: `${pathTo('Offers')}#${PACKS_ANCHOR}` },
            { id: 'project', ...texts(t, 'getStarted.project'), to: pathTo('NewProject') },
          ]}
        />
      )}
    </>
  );
}

/** The balance and the next step it allows: a new project while credits last, buying more when not. */
function BalanceSection({ credits }: { credits: number }) {
  const { t } = useTranslation();
  const packs = `${pathTo('Offers')}#${PACKS_ANCHOR}`;
  return (
    <Card component="section" variant="outlined" aria-labelledby="get-started-balance" sx={{ mt: 3 }}>
      <CardContent>
        <Typography id="get-started-balance" component="h2" variant="h2" gutterBottom>
          {t('getStarted.returning.balanceTitle')}
        </Typography>
        <Typography variant="h5" component="p" data-testid="get-started-credits">
          {t('getStarted.returning.balance', { count: credits })}
        </Typography>
        <Typography sx={{ mt: 1 }}>
          {credits > 0
            ? t('getStarted.returning.nextWithCredits')
            : t('getStarted.returning.nextWithoutCredits')}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {credits > 0 ? (
          <>
            <RouterButton to={pathTo('NewProject')} variant="contained">
              {t('getStarted.returning.newProject')}
            </RouterButton>
            <RouterButton to={packs} variant="outlined">
              {t('getStarted.returning.buyCredits')}
            </RouterButton>
          </>
        ) : (
          <RouterButton to={packs} variant="contained">
            {t('getStarted.returning.buyCredits')}
          </RouterButton>
        )}
        <RouterButton to={pathTo('Offers')} variant="text">
          {t('getStarted.returning.seePlans')}
        </RouterButton>
      </CardActions>
    </Card>
  );
}

/** The customer's projects, each a link to its page (MyProjects is for subscribers only). */
function ProjectsSection({
  items,
  pages,
  page,
  onPage,
}: {
  items: ProjectSummary[];
  pages: number;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="get-started-projects" sx={{ mt: 3 }}>
      <Typography id="get-started-projects" component="h2" variant="h2" gutterBottom>
        {t('getStarted.returning.projectsTitle')}
      </Typography>
      {items.length === 0 ? (
        <Typography>{t('getStarted.returning.noProjects')}</Typography>
      ) : (
        <List>
          {items.map((project) => (
            <ListItem key={project.id} disablePadding divider>
              <ListItemButton component={RouterLink} to={pathTo('Project', { id: project.id })}>
                <ListItemText
                  primary={project.propertyName}
                  secondary={`${t(`projects.${projectStateLabel(project)}`)} · ${t('projects.completed', {
                    done: project.imagesCompleted,
                    total: project.totalImages,
                  })}`}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      {pages > 1 && (
        <Pagination
          aria-label={t('projects.pagination')}
          count={pages}
          page={page}
          onChange={(_, value) => onPage(value)}
        />
      )}
    </Box>
  );
}

function Steps({ steps }: { steps: StepCard[] }) {
  const { t } = useTranslation();
  return (
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
