import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { WalletStatistics } from '@estancia/contracts';
import { api } from '../../../shared/api';
import { formatLongDate } from './account-format';

const FIGURES = [
  'creditsPurchased',
  'creditsUsed',
  'automaticImages',
  'supervisedImages',
  'descriptions',
  'creditsEarnedByReferrals',
] as const;

/** GET wallet/statistics: what the user bought, used and earned since the account was created. */
export function StatisticsSection() {
  const { t, i18n } = useTranslation();
  const statistics = useQuery({
    queryKey: ['wallet', 'statistics'],
    queryFn: () => api.get<WalletStatistics>('wallet/statistics'),
  });
  if (statistics.isPending) return <CircularProgress size={24} aria-label={t('common.loading')} />;
  if (statistics.isError) return <Typography role="alert">{t('billingAccount.loadError')}</Typography>;
  const figures = statistics.data;
  return (
    <>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('billingAccount.statistics.since', { date: formatLongDate(figures.since, i18n.language) })}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
          gap: 2,
          mt: 2,
          mb: 0,
        }}
      >
        {FIGURES.map((figure) => (
          <Box key={figure} sx={{ m: 0 }}>
            <Typography component="dt" color="text.secondary" variant="body2">
              {t(`billingAccount.statistics.${figure}`)}
            </Typography>
            <Typography component="dd" variant="h5" sx={{ m: 0 }}>
              {figures[figure]}
            </Typography>
          </Box>
        ))}
      </Box>
    </>
  );
}
