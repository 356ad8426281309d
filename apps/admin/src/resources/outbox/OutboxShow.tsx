import { Box, Typography } from '@mui/material';
import {
  Labeled,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { type OutboxMessage } from '@estancia/contracts';
import { WhenField } from '../../common/WhenField';
import { SentAtField } from './SentAtField';

/** The plain-text body exactly as sent, line breaks kept. */
const MessageBody = () => {
  const record = useRecordContext<OutboxMessage>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box component="section" aria-labelledby="outbox-body" sx={{ px: 2, pb: 2 }}>
      <Typography id="outbox-body" component="h2" variant="h6" sx={{ mb: 1 }}>
        {translate('console.outbox.body')}
      </Typography>
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 2,
          bgcolor: 'grey.100',
          borderRadius: 1,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          fontFamily: 'inherit',
        }}
      >
        {record.text}
      </Box>
    </Box>
  );
};

export const OutboxShow = () => (
  <Show<OutboxMessage>>
    <SimpleShowLayout>
      <TextField source="to" />
      <TextField source="subject" />
      <TextField source="template" />
      <WhenField source="createdAt" />
      <Labeled source="sentAt">
        <SentAtField />
      </Labeled>
      <NumberField source="attempts" />
      <TextField source="error" emptyText="—" />
    </SimpleShowLayout>
    <MessageBody />
  </Show>
);
