import { Alert, Box, Card, CardContent, Stack, useTheme } from '@mui/material';
import { Loading, Title, useLocaleState, usePermissions, useTranslate } from 'react-admin';
import { type ReviewDashboard } from '@estancia/contracts';
import { BarChart } from '../common/BarChart';
import { EngineStatsPanel } from './engines/EngineStatsPanel';
import { useReviewDashboard } from '../resources/reviews/reviewQueries';
import { Figure } from '../common/Figure';

const QUEUE_BUCKETS = ['drafting', 'on_time', 'at_risk', 'overdue'] as const;

const DashboardFigures = ({ dashboard }: { dashboard: ReviewDashboard }) => {
  const translate = useTranslate();
  const theme = useTheme();
  const [locale] = useLocaleState();
  const count = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const hours = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const shortDay = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const longDay = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const day = (date: string) => new Date(`${date}T00:00:00Z`);
  const queueColours = {
    // Bars keep 3:1 against the card (WCAG non-text contrast); MUI's grey 500 does not.
    drafting: theme.palette.grey[600],
    on_time: theme.palette.success.main,
    at_risk: theme.palette.warning.main,
    overdue: theme.palette.error.main,
  };
  const bucketLabel = (bucket: (typeof QUEUE_BUCKETS)[number]) =>
    translate(bucket === 'drafting' ? 'console.reviewStates.drafting' : `console.slaStates.${bucket}`);
  const empty = translate('console.dashboard.noData');

  return (
    <Stack spacing={4}>
      <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 4, m: 0 }}>
        <Figure
          term={translate('console.dashboard.slaHitRate')}
          value={dashboard.slaHitRate === null ? '—' : percent.format(dashboard.slaHitRate)}
          help={translate('console.dashboard.overDays', { days: dashboard.days })}
        />
        <Figure
          term={translate('console.dashboard.median')}
          value={
            dashboard.medianWorkingHoursToDeliver === null
              ? '—'
              : translate('console.dashboard.workingHours', {
                  hours: hours.format(dashboard.medianWorkingHoursToDeliver),
                })
          }
        />
        <Figure
          term={translate('console.dashboard.delivered')}
          value={count.format(dashboard.delivered)}
          help={translate('console.dashboard.overDays', { days: dashboard.days })}
        />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 4,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <BarChart
          id="queue-depth"
          title={translate('console.dashboard.queueTitle')}
          categoryLabel={translate('console.dashboard.deadline')}
          series={[
            { key: 'jobs', label: translate('console.dashboard.jobs'), colour: theme.palette.primary.main },
          ]}
          rows={QUEUE_BUCKETS.map((bucket) => ({
            key: bucket,
            label: bucketLabel(bucket),
            values: { jobs: dashboard.queue[bucket] },
            colour: queueColours[bucket],
          }))}
          emptyText={empty}
          formatValue={(value) => count.format(value)}
        />
        <BarChart
          id="per-decorator"
          title={translate('console.dashboard.perDecoratorTitle')}
          categoryLabel={translate('console.dashboard.decorator')}
          series={[
            {
              key: 'delivered',
              label: translate('console.dashboard.deliveries'),
              colour: theme.palette.primary.main,
            },
          ]}
          rows={dashboard.perDecorator.map((decorator) => ({
            key: decorator.id,
            label: decorator.name,
            values: { delivered: decorator.delivered },
          }))}
          emptyText={empty}
          formatValue={(value) => count.format(value)}
        />
      </Box>
      <BarChart
        id="per-day"
        title={translate('console.dashboard.perDayTitle')}
        categoryLabel={translate('console.dashboard.day')}
        series={[
          { key: 'met', label: translate('console.dashboard.met'), colour: theme.palette.success.main },
          { key: 'missed', label: translate('console.dashboard.missed'), colour: theme.palette.error.main },
        ]}
        rows={dashboard.perDay.map((entry) => ({
          key: entry.date,
          label: longDay.format(day(entry.date)),
          tick: shortDay.format(day(entry.date)),
          values: { met: entry.met, missed: entry.missed },
        }))}
        emptyText={empty}
        formatValue={(value) => count.format(value)}
      />
    </Stack>
  );
};

/**
 * How the review service is doing (admins): the queue against its deadlines, the SLA and who delivers, then how
 * each staging engine renders and what it costs.
 */
export const ReviewDashboardPage = () => {
  const translate = useTranslate();
  const { permissions, isPending: permissionsPending } = usePermissions<string | null>();
  const isAdmin = permissions === 'admin';
  const dashboard = useReviewDashboard(!permissionsPending && isAdmin);

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="console.dashboard.title" />
      <CardContent>
        {permissionsPending ? (
          <Loading />
        ) : !isAdmin ? (
          <Alert severity="info">{translate('console.dashboard.adminsOnly')}</Alert>
        ) : dashboard.isPending ? (
          <Loading />
        ) : dashboard.error ? (
          <Alert severity="error">{translate('console.dashboard.loadError')}</Alert>
        ) : (
          <Stack spacing={5}>
            <DashboardFigures dashboard={dashboard.data} />
            <EngineStatsPanel />
          </Stack>
        )}
      </CardContent>
    </Card>
  );
};
