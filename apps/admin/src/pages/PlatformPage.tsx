import {
  Alert,
  Card,
  CardContent,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Confirm, Loading, Title, useNotify, usePermissions, useTranslate, useUpdate } from 'react-admin';
import { type AdminPlatformStatus, type PlatformStatus } from '@estancia/contracts';
import { apiErrorKey } from '../common/apiErrorKey';
import { LiveEngineNotice } from './engines/LiveEngineNotice';
import { PLATFORM_RESOURCE, PLATFORM_STATUS_ID, usePlatformStatus } from './usePlatformStatus';

type PlatformFlag = keyof PlatformStatus;

const FLAGS: readonly PlatformFlag[] = ['isMaintenanceMode', 'isHighDemandFree', 'isHighDemandAuto'];

/**
 * The demand and maintenance switches. Admins flip them with an optimistic update
 * (PUT /data/admin/platform/status) that rolls back if the API refuses; decorators see them read-only.
 * Maintenance mode shuts every customer out, so switching it either way asks first.
 */
export const PlatformPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { permissions, isPending: permissionsPending } = usePermissions<string | null>();
  const isAdmin = permissions === 'admin';
  const { status, staffRecord, isPending, failed } = usePlatformStatus(isAdmin, !permissionsPending);
  const [update] = useUpdate<AdminPlatformStatus>();
  const [maintenanceAsked, setMaintenanceAsked] = useState<boolean | null>(null);

  const flip = (flag: PlatformFlag, value: boolean) => {
    if (!staffRecord) return;
    update(
      PLATFORM_RESOURCE,
      { id: PLATFORM_STATUS_ID, data: { [flag]: value }, previousData: staffRecord },
      {
        mutationMode: 'optimistic',
        onSuccess: () => notify('console.platform.saved', { type: 'success' }),
        onError: (failure) => notify(apiErrorKey(failure), { type: 'error' }),
      },
    );
  };

  const change = (flag: PlatformFlag, value: boolean) =>
    flag === 'isMaintenanceMode' ? setMaintenanceAsked(value) : flip(flag, value);

  return (
    <Card sx={{ mt: 2 }}>
      <Confirm
        isOpen={maintenanceAsked !== null}
        title={
          maintenanceAsked
            ? 'console.platform.confirmMaintenanceOnTitle'
            : 'console.platform.confirmMaintenanceOffTitle'
        }
        content={
          maintenanceAsked
            ? 'console.platform.confirmMaintenanceOn'
            : 'console.platform.confirmMaintenanceOff'
        }
        onConfirm={() => {
          if (maintenanceAsked !== null) flip('isMaintenanceMode', maintenanceAsked);
          setMaintenanceAsked(null);
        }}
        onClose={() => setMaintenanceAsked(null)}
      />
      <Title title="console.platform.title" />
      <CardContent>
        <Stack spacing={2}>
          <Typography color="text.secondary">{translate('console.platform.intro')}</Typography>
          {!permissionsPending && !isAdmin && (
            <Alert severity="info">{translate('console.platform.readOnly')}</Alert>
          )}
          {isPending ? (
            <Loading />
          ) : failed || !status ? (
            <Alert severity="error">{translate('console.platform.loadError')}</Alert>
          ) : (
            <FormGroup>
              {FLAGS.map((flag) => (
                <Stack key={flag} sx={{ mb: 2 }}>
                  <FormControlLabel
                    label={translate(`console.platform.${flag}`)}
                    control={
                      <Switch
                        name={flag}
                        checked={status[flag]}
                        disabled={!isAdmin}
                        onChange={(event) => change(flag, event.target.checked)}
                        slotProps={{ input: { 'aria-describedby': `${flag}-help` } }}
                      />
                    }
                  />
                  <FormHelperText id={`${flag}-help`} sx={{ mt: 0, ml: 6 }}>
                    {translate(`console.platform.${flag}Help`)}
                  </FormHelperText>
                </Stack>
              ))}
            </FormGroup>
          )}
          {/* Only admins may read the engine routes (GET admin/engines). */}
          {isAdmin && <LiveEngineNotice />}
        </Stack>
      </CardContent>
    </Card>
  );
};
