import { useState } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  LinearProgress,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  useTheme,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Loading, Title, useLocaleState, usePermissions, useTranslate } from 'react-admin';
import { type AdminDashboard, adminDashboardSchema } from '@estancia/contracts';
import { BarChart } from '../common/BarChart';
import { staffHttpClient } from '../data/dataProvider';
import { Figure } from '../common/Figure';

/** The periods the figures can be read over, in days. */
export const DASHBOARD_PERIODS = [7, 30, 90] as const;
type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** GET dashboard?days=N (admins only); the previous period stays on screen while the next one loads. */
const useDashboard = (days: DashboardPeriod, enabled: boolean) =>
  useQuery({
    queryKey: ['dashboard', days],
    enabled,
    placeholderData: keepPreviousData,
    // The figures say which period they are for: the previous one is shown while the next loads.
    queryFn: async () => ({
      period: days,
      figures: adminDashboardSchema.parse((await staffHttpClient(`/data/admin/dashboard?days=${days}`)).json),
    }),
  });

const sum = (days: AdminDashboard['days'], key: Exclude<keyof AdminDashboard['days'][number], 'date'>) =>
  days.reduce((total, day) => total + day[key], 0);

const DashboardFigures = ({ dashboard, period }: { dashboard: AdminDashboard; period: DashboardPeriod }) => {
  const translate = useTranslate();
  const theme = useTheme();
  const [locale] = useLocaleState();
  const count = new Intl.NumberFormat(locale);
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
  const euros = (cents: number) => money.format(cents / 100);
  const shortDay = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const longDay = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  // Days are calendar days of the business's time zone: written as such, never shifted by the browser's.
  const day = (date: string) => new Date(`${date}T00:00:00Z`);
  const t = (key: string, options?: object) => translate(`console.dashboard.overview.${key}`, options);
  const empty = t('noData');
  const inPeriod = t('overDays', { days: period });
  const perDay = (values: (entry: AdminDashboard['days'][number]) => Record<string, number>) =>
    dashboard.days.map((entry) => ({
      key: entry.date,
      label: longDay.format(day(entry.date)),
      tick: shortDay.format(day(entry.date)),
      values: values(entry),
    }));
  const productName = (product: string) => {
    const [kind, code] = product.split(':');
    if (kind === 'pack' && code) return t('packProduct', { code });
    if (kind === 'plan' && code) return t('planProduct', { code });
    return translate(`commerce.paymentKinds.${product}`, { _: product });
  };
  const dayLabel = t('day');
  const chartGrid = {
    display: 'grid',
    gap: 4,
    gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
  };

  return (
    <Stack spacing={4}>
      <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 4, m: 0 }}>
        <Figure
          minWidth={160}
          term={t('signups')}
          value={count.format(sum(dashboard.days, 'signups'))}
          help={inPeriod}
        />
        <Figure
          minWidth={160}
          term={t('payingCustomers')}
          value={count.format(dashboard.payingCustomers)}
          help={inPeriod}
        />
        <Figure
          minWidth={160}
          term={t('revenue')}
          value={euros(sum(dashboard.days, 'revenueCents'))}
          help={inPeriod}
        />
        <Figure
          minWidth={160}
          term={t('subscribers')}
          value={count.format(dashboard.subscribers)}
          help={t('now')}
        />
        <Figure
          term={t('reviewQueueDepth')}
          value={count.format(dashboard.reviewQueueDepth)}
          help={t('now')}
        />
        <Figure
          term={t('creditsSold')}
          value={count.format(sum(dashboard.days, 'creditsSold'))}
          help={inPeriod}
        />
        <Figure
          term={t('creditsGranted')}
          value={count.format(sum(dashboard.days, 'creditsGranted'))}
          help={inPeriod}
        />
        <Figure
          term={t('creditsSpent')}
          value={count.format(sum(dashboard.days, 'creditsSpent'))}
          help={inPeriod}
        />
      </Box>
      <Box sx={chartGrid}>
        <BarChart
          id={`signups-${period}`}
          title={t('signupsTitle')}
          categoryLabel={dayLabel}
          series={[{ key: 'signups', label: t('signups'), colour: theme.palette.primary.main }]}
          rows={perDay((entry) => ({ signups: entry.signups }))}
          emptyText={empty}
          formatValue={(value) => count.format(value)}
        />
        <BarChart
          id={`revenue-${period}`}
          title={t('revenueTitle')}
          categoryLabel={dayLabel}
          series={[{ key: 'revenue', label: t('revenue'), colour: theme.palette.success.main }]}
          rows={perDay((entry) => ({ revenue: entry.revenueCents }))}
          emptyText={empty}
          formatValue={euros}
        />
        <BarChart
          id={`revenue-by-product-${period}`}
          title={t('byProductTitle')}
          categoryLabel={t('product')}
          series={[{ key: 'revenue', label: t('revenue'), colour: theme.palette.success.main }]}
          rows={dashboard.revenueByProduct.map((row) => ({
            key: row.product,
            label: productName(row.product),
            values: { revenue: row.revenueCents },
          }))}
          emptyText={empty}
          formatValue={euros}
        />
        <BarChart
          id={`decorations-${period}`}
          title={t('decorationsTitle')}
          categoryLabel={dayLabel}
          series={[
            { key: 'automatic', label: t('automatic'), colour: theme.palette.primary.main },
            { key: 'supervised', label: t('supervised'), colour: theme.palette.warning.main },
          ]}
          rows={perDay((entry) => ({ automatic: entry.automatic, supervised: entry.supervised }))}
          emptyText={empty}
          formatValue={(value) => count.format(value)}
        />
        <BarChart
          id={`credits-in-${period}`}
          title={t('creditsInTitle')}
          categoryLabel={dayLabel}
          series={[
            { key: 'sold', label: t('creditsSold'), colour: theme.palette.success.main },
            { key: 'granted', label: t('creditsGranted'), colour: theme.palette.info.main },
          ]}
          rows={perDay((entry) => ({ sold: entry.creditsSold, granted: entry.creditsGranted }))}
          emptyText={empty}
          formatValue={(value) => count.format(value)}
        />
        <BarChart
          id={`credits-spent-${period}`}
          title={t('creditsSpentTitle')}
          categoryLabel={dayLabel}
          series={[{ key: 'spent', label: t('creditsSpent'), colour: theme.palette.error.main }]}
          rows={perDay((entry) => ({ spent: entry.creditsSpent }))}
          emptyText={empty}
          formatValue={(value) => count.format(value)}
        />
      </Box>
    </Stack>
  );
};

/**
 * How the business is doing (admins): sign-ups, paying customers, revenue by day and by product, credits sold,
 * granted and spent, decorations by type and the review queue, over 7, 30 or 90 days. Each chart's figures are also
 * a table for screen readers.
 */
export const DashboardPage = () => {
  const translate = useTranslate();
  const { permissions, isPending: permissionsPending } = usePermissions<string | null>();
  const isAdmin = permissions === 'admin';
  const [days, setDays] = useState<DashboardPeriod>(30);
  const dashboard = useDashboard(days, !permissionsPending && isAdmin);

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="console.dashboard.overview.title" />
      <CardContent>
        {permissionsPending ? (
          <Loading />
        ) : !isAdmin ? (
          <Alert severity="info">{translate('console.dashboard.overview.adminsOnly')}</Alert>
        ) : (
          <Stack spacing={3}>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={days}
              onChange={(_, value: DashboardPeriod | null) => value !== null && setDays(value)}
              aria-label={translate('console.dashboard.overview.period')}
              sx={{ alignSelf: 'flex-start' }}
            >
              {DASHBOARD_PERIODS.map((period) => (
                <ToggleButton key={period} value={period}>
                  {translate('console.dashboard.overview.days', { days: period })}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            {dashboard.isFetching && <LinearProgress aria-label={translate('ra.page.loading')} />}
            {dashboard.error ? (
              <Alert severity="error">{translate('console.dashboard.overview.loadError')}</Alert>
            ) : dashboard.data ? (
              <DashboardFigures dashboard={dashboard.data.figures} period={dashboard.data.period} />
            ) : (
              <Loading />
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
};
