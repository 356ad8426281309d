import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useReferralSummary } from '../../billing/api/referral';
import { notifications } from '../../notifications/notifications';

/** The user's referral code, the link to share and what it earned. */
export function ReferralSection() {
  const { t } = useTranslation();
  const referral = useReferralSummary();
  if (referral.isPending) return <CircularProgress size={24} aria-label={t('common.loading')} />;
  if (referral.isError) return <Typography role="alert">{t('billingAccount.loadError')}</Typography>;
  const summary = referral.data;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(summary.shareUrl);
      notifications.toast('information', { key: 'billingAccount.referral.copied' });
    } catch {
      notifications.toast('warning', { key: 'billingAccount.referral.copyFailed' });
    }
  };

  return (
    <>
      <Typography sx={{ mt: 1 }}>
        {t('billingAccount.referral.explanation', { count: summary.rewardCredits })}
      </Typography>
      <Typography sx={{ mt: 2 }}>
        {t('billingAccount.referral.code')} <strong data-testid="referral-code">{summary.code}</strong>
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 2, maxWidth: 640 }}>
        <TextField
          id="referral-share-link"
          label={t('billingAccount.referral.shareLink')}
          value={summary.shareUrl}
          size="small"
          fullWidth
          slotProps={{ input: { readOnly: true } }}
        />
        <Button variant="outlined" onClick={() => void copy()}>
          {t('billingAccount.referral.copy')}
        </Button>
      </Box>
      <Box component="ul" sx={{ mt: 2, pl: 3 }}>
        <li>{t('billingAccount.referral.referredUsers', { count: summary.referredUsers })}</li>
        <li>{t('billingAccount.referral.rewardedUsers', { count: summary.rewardedUsers })}</li>
        <li>{t('billingAccount.referral.creditsEarned', { count: summary.creditsEarned })}</li>
      </Box>
    </>
  );
}
