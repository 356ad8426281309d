import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import DoneIcon from '@mui/icons-material/Done';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import {
  Labeled,
  SelectInput,
  TextInput,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { SUPPORT_STATUSES, type SupportStatus } from '@estancia/contracts';
import { apiErrorKey } from '../../common/apiErrorKey';
import { WhenField } from '../../common/WhenField';
import { type RecordActionMeta } from '../../data/dataProvider';

/**
 * What contact requests and problem reports share in the console: the status (new → in_progress → done), the two
 * buttons that move it, and who took each step when.
 */
interface WorkedRecord {
  id: string;
  status: SupportStatus;
  startedAt: string | null;
  startedBy: { id: string; name: string } | null;
  doneAt: string | null;
  doneBy: { id: string; name: string } | null;
}

export const supportStatusChoices = SUPPORT_STATUSES.map((status) => ({
  id: status,
  name: `support.statuses.${status}`,
}));

export const supportFilters = (searchLabel: string) => [
  <TextInput key="q" source="q" label={searchLabel} alwaysOn resettable />,
  <SelectInput key="status" source="status" choices={supportStatusChoices} alwaysOn sx={{ minWidth: 160 }} />,
];

const STATUS_COLOR = { new: 'info', in_progress: 'warning', done: 'success' } as const;

export const SupportStatusChip = () => {
  const record = useRecordContext<WorkedRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLOR[record.status]}
      label={translate(`support.statuses.${record.status}`)}
    />
  );
};

/**
 * One step forward through react-admin's update (POST /:resource/:id/start|finish). Pessimistic: two admins may
 * work the same record, so the server decides and its answer replaces the cached record.
 */
const StepButton = ({ action }: { action: 'start' | 'finish' }) => {
  const record = useRecordContext<WorkedRecord>();
  const resource = useResourceContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate<WorkedRecord>();
  if (!record || !resource) return null;
  const meta: RecordActionMeta = { action };
  return (
    <Button
      variant={action === 'start' ? 'contained' : 'outlined'}
      color={action === 'start' ? 'primary' : 'success'}
      size="small"
      startIcon={action === 'start' ? <PlayArrowIcon /> : <DoneIcon />}
      disabled={isPending}
      onClick={() =>
        update(
          resource,
          { id: record.id, data: {}, previousData: record, meta },
          {
            mutationMode: 'pessimistic',
            onSuccess: () =>
              notify(action === 'start' ? 'support.startedNotice' : 'support.finishedNotice', {
                type: 'success',
              }),
            onError: (failure) => notify(apiErrorKey(failure), { type: 'error' }),
            onSettled: () => refresh(),
          },
        )
      }
    >
      {translate(action === 'start' ? 'support.start' : 'support.finish')}
    </Button>
  );
};

/** The show page's toolbar: only the next step is offered. */
export const SupportActions = () => {
  const record = useRecordContext<WorkedRecord>();
  return (
    <TopToolbar>
      {record?.status === 'new' && <StepButton action="start" />}
      {record?.status === 'in_progress' && <StepButton action="finish" />}
    </TopToolbar>
  );
};

const Step = ({ source, by }: { source: 'startedAt' | 'doneAt'; by: 'startedBy' | 'doneBy' }) => {
  const record = useRecordContext<WorkedRecord>();
  if (!record?.[source]) return <Typography variant="body2">—</Typography>;
  return (
    <Typography component="span" variant="body2">
      <WhenField source={source} /> · {record[by]?.name ?? '—'}
    </Typography>
  );
};

/** Who started and who finished the record, and when. */
export const SupportWorkflow = () => {
  const translate = useTranslate();
  const resource = useResourceContext();
  return (
    <Box component="section" aria-labelledby="support-workflow" sx={{ px: 2, pb: 2 }}>
      <Typography id="support-workflow" component="h2" variant="h6" sx={{ mb: 1 }}>
        {translate('support.workflow')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={4}>
        <Labeled label={`resources.${resource}.fields.status`}>
          <SupportStatusChip />
        </Labeled>
        <Labeled label={`resources.${resource}.fields.startedAt`}>
          <Step source="startedAt" by="startedBy" />
        </Labeled>
        <Labeled label={`resources.${resource}.fields.doneAt`}>
          <Step source="doneAt" by="doneBy" />
        </Labeled>
      </Stack>
    </Box>
  );
};
