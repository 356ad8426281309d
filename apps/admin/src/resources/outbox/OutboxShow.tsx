import { Box, Stack, Typography } from '@mui/material';
import {
  Labeled,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  useLocaleState,
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

/** What kind of e-mail this is, in words ("Código de verificación"); the kind's key if the console has no name for it. */
const KindField = () => {
  const record = useRecordContext<OutboxMessage>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Typography component="span" variant="body2">
      {translate(`console.outbox.kinds.${record.template}`, { _: record.template })}
    </Typography>
  );
};

/** The subject in the console's language and, when the recipient's language differs, as they got it. */
const SubjectField = () => {
  const record = useRecordContext<OutboxMessage>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack component="span">
      <Typography component="span" variant="body2">
        {record.staffSubject}
      </Typography>
      {record.subject !== record.staffSubject && (
        <Typography component="span" variant="caption" color="text.secondary">
          {translate('console.outbox.sentAs', { subject: record.subject })}
        </Typography>
      )}
    </Stack>
  );
};

export const OutboxShow = () => {
  const [locale] = useLocaleState();
  return (
    // The subject is written in the console's language: another language asks again.
    <Show<OutboxMessage> queryOptions={{ meta: { locale } }}>
      <SimpleShowLayout>
        <TextField source="to" />
        <Labeled source="staffSubject">
          <SubjectField />
        </Labeled>
        <Labeled source="template">
          <KindField />
        </Labeled>
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
};
