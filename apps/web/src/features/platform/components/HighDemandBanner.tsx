import Alert from '@mui/material/Alert';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteName } from '../../../app/route-meta';
import { usePlatformStatus } from '../hooks/usePlatform';

/** Which flag raises the banner on which page: free tries on FileUpload, automatic ones on NewProject. */
export function highDemandMessage(
  routeName: RouteName,
  status: { isHighDemandFree: boolean; isHighDemandAuto: boolean },
): 'highDemand.free' | 'highDemand.auto' | null {
  if (routeName === 'FileUpload' && status.isHighDemandFree) return 'highDemand.free';
  if (routeName === 'NewProject' && status.isHighDemandAuto) return 'highDemand.auto';
  return null;
}

export function HighDemandBanner({ routeName }: { routeName: RouteName }) {
  const { t } = useTranslation();
  const { status } = usePlatformStatus();
  const [closed, setClosed] = useState(false);
  const message = highDemandMessage(routeName, status);
  if (!message || closed) return null;
  return (
    <Alert
      severity="warning"
      role="status"
      sx={{ mb: 2 }}
      onClose={() => setClosed(true)}
      slotProps={{ closeButton: { 'aria-label': t('highDemand.close'), title: t('highDemand.close') } }}
    >
      {t(message)}
    </Alert>
  );
}
