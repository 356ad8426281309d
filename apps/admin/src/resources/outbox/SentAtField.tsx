import { Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { type OutboxMessage } from '@estancia/contracts';
import { WhenField } from '../../common/WhenField';

/** When the transport delivered the message, or "pending" while the mail.send job has not run. */
export const SentAtField = () => {
  const record = useRecordContext<OutboxMessage>();
  const translate = useTranslate();
  if (!record) return null;
  return record.sentAt ? (
    <WhenField source="sentAt" />
  ) : (
    <Typography component="span" variant="body2">
      {translate('console.outbox.pending')}
    </Typography>
  );
};
