import { useState } from 'react';
import {
  Alert,
  Box,
  LinearProgress,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useTheme,
} from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { ENGINE_FAILURE_REASONS, type EngineStats } from '@estancia/contracts';
import { EngineChart } from './EngineChart';
import { STATS_PERIODS, type StatsPeriod, useEngineStats } from './engineQueries';
import { useEngineWords } from './useEngineWords';

const EngineFigures = ({ stats }: { stats: EngineStats }) => {
  const translate = useTranslate();
  const theme = useTheme();
  const words = useEngineWords();
  const [locale] = useLocaleState();
  const count = new Intl.NumberFormat(locale);
  const engine = translate('console.engineStats.engine');
  // Only the reasons that happened get a colour in the legend; the API counts every reason by its contract name.
  const reasons = ENGINE_FAILURE_REASONS.filter((reason) =>
    stats.engines.some((row) => (row.failuresByReason[reason] ?? 0) > 0),
  );
  const rows = (values: (row: EngineStats['engines'][number]) => Record<string, number | null>) =>
    stats.engines.map((row) => ({
      key: row.engine,
      label: words.engineName(row.engine),
      values: values(row),
    }));

  if (stats.engines.length === 0)
    return <Typography color="text.secondary">{translate('console.engineStats.noData')}</Typography>;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      <EngineChart
        id={`engine-renders-${stats.days}`}
        title={translate('console.engineStats.rendersTitle')}
        categoryLabel={engine}
        stacked
        series={[
          {
            key: 'succeeded',
            label: translate('console.engineStats.succeeded'),
            colour: theme.palette.success.main,
          },
          ...reasons.map((reason) => ({
            key: reason,
            label: translate(`console.engines.failureReasons.${reason}`),
          })),
        ]}
        rows={rows((row) => ({
          succeeded: row.renders - row.failures,
          ...Object.fromEntries(reasons.map((reason) => [reason, row.failuresByReason[reason] ?? 0])),
        }))}
        formatValue={(value) => count.format(value)}
      />
      <EngineChart
        id={`engine-durations-${stats.days}`}
        title={translate('console.engineStats.durationTitle')}
        categoryLabel={engine}
        series={[
          { key: 'p50', label: translate('console.engineStats.p50'), colour: theme.palette.primary.main },
          // Not `secondary`: the staff theme gives it the primary colour, which would make the two bars one.
          { key: 'p95', label: translate('console.engineStats.p95'), colour: theme.palette.warning.main },
        ]}
        rows={rows((row) => ({ p50: row.p50Ms, p95: row.p95Ms }))}
        formatValue={words.duration}
      />
      <EngineChart
        id={`engine-economics-${stats.days}`}
        title={translate('console.engineStats.economicsTitle')}
        categoryLabel={engine}
        series={[
          { key: 'cost', label: translate('console.engineStats.cost'), colour: theme.palette.error.main },
          {
            key: 'revenue',
            label: translate('console.engineStats.revenue'),
            colour: theme.palette.success.main,
          },
        ]}
        rows={rows((row) => ({ cost: row.costPerDecorationCents, revenue: row.revenuePerDecorationCents }))}
        formatValue={words.euros}
      />
    </Box>
  );
};

/**
 * Each engine's renders, failures by reason, durations, and provider cost beside the revenue of the credits spent,
 * over 7, 30 or 90 days (GET engines/stats, admins only). Shown on the engines page and the review dashboard.
 */
export const EngineStatsPanel = () => {
  const translate = useTranslate();
  const [days, setDays] = useState<StatsPeriod>(30);
  const stats = useEngineStats(days);
  const titleId = 'engine-stats-title';
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography id={titleId} component="h2" variant="h6">
          {translate('console.engineStats.title')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={days}
          onChange={(_, value: StatsPeriod | null) => value !== null && setDays(value)}
          aria-label={translate('console.engineStats.period')}
        >
          {STATS_PERIODS.map((period) => (
            <ToggleButton key={period} value={period}>
              {translate('console.engineStats.days', { days: period })}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {stats.isFetching && <LinearProgress aria-label={translate('ra.page.loading')} sx={{ mb: 1 }} />}
      {stats.error ? (
        <Alert severity="error">{translate('console.engineStats.loadError')}</Alert>
      ) : stats.data ? (
        <EngineFigures stats={stats.data} />
      ) : null}
    </Box>
  );
};
