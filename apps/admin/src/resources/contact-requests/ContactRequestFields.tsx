import { Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { type AdminContactRequest } from '@estancia/contracts';

/** The services or volume bands picked, translated and joined. */
export const ChoicesField = ({ source }: { source: 'services' | 'volumes' }) => {
  const record = useRecordContext<AdminContactRequest>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Typography component="span" variant="body2">
      {record[source].map((value) => translate(`support.${source}.${value}`)).join(', ')}
    </Typography>
  );
};

export const MeetingField = () => {
  const record = useRecordContext<AdminContactRequest>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Typography component="span" variant="body2">
      {record.wantsMeeting ? `${translate('support.yes')} · ${record.meetingTimes}` : translate('support.no')}
    </Typography>
  );
};
