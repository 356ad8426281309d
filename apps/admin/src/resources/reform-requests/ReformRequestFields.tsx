import { Chip, Stack } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { type ReformRequest, type ReformRequestStatus } from '@estancia/contracts';

const STATUS_COLOURS: Record<ReformRequestStatus, 'info' | 'warning' | 'success' | 'default'> = {
  new: 'info',
  contacted: 'warning',
  quoted: 'success',
  closed: 'default',
};

/** The request's status as a coloured chip. */
export const ReformStatusChip = () => {
  const record = useRecordContext<ReformRequest>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={STATUS_COLOURS[record.status]}
      label={translate(`reformRequests.statuses.${record.status}`)}
    />
  );
};

/** What the customer wants to renovate, one chip each. */
export const ReformScopesField = () => {
  const record = useRecordContext<ReformRequest>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack direction="row" gap={0.5} flexWrap="wrap">
      {record.what.map((scope) => (
        <Chip
          key={scope}
          size="small"
          variant="outlined"
          label={translate(`reformRequests.scopes.${scope}`)}
        />
      ))}
    </Stack>
  );
};
