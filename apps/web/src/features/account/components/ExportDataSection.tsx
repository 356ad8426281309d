import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { reportApiError } from '../../../shared/forms';
import { accountApi } from '../api/account-api';

/** "Export my data": one zip with the account's JSON and every project's photos, results and descriptions. */
export function ExportDataSection() {
  const { t } = useTranslation();
  const exportData = useMutation({
    mutationFn: accountApi.exportData,
    onError: (error) => reportApiError(error),
  });
  return (
    <Box sx={{ maxWidth: 640 }}>
      <Typography sx={{ mt: 1 }}>{t('account.exportData.text')}</Typography>
      <Button
        variant="outlined"
        sx={{ mt: 2 }}
        onClick={() => exportData.mutate()}
        disabled={exportData.isPending}
        startIcon={exportData.isPending ? <CircularProgress size={16} aria-hidden /> : undefined}
      >
        {exportData.isPending ? t('account.exportData.preparing') : t('account.exportData.submit')}
      </Button>
    </Box>
  );
}
