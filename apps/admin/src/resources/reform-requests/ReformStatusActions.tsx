import { Button } from '@mui/material';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { TopToolbar, useNotify, useRecordContext, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { nextReformStatus, type ReformRequest } from '@estancia/contracts';
import { apiErrorKey } from '../../common/apiErrorKey';
import { type RecordActionMeta } from '../../data/dataProvider';

/**
 * The one step forward from the current status (new → contacted → quoted → closed), as an explicit
 * button: POST reform-requests/:id/status. Optimistic; a refusal (someone moved it first) rolls back.
 */
export const ReformStatusActions = () => {
  const record = useRecordContext<ReformRequest>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate<ReformRequest>();
  const next = record ? nextReformStatus(record.status) : null;
  if (!record || !next) return <TopToolbar />;
  const advance = () => {
    const meta: RecordActionMeta = { action: 'status', body: { status: next } };
    update(
      'reform-requests',
      { id: record.id, data: { status: next }, previousData: record, meta },
      {
        mutationMode: 'optimistic',
        onSuccess: () => notify('reformRequests.advanced', { type: 'success' }),
        onError: (failure) => notify(apiErrorKey(failure), { type: 'error' }),
        onSettled: () => refresh(),
      },
    );
  };
  return (
    <TopToolbar>
      <Button
        variant="contained"
        size="small"
        startIcon={<ArrowForwardIcon />}
        disabled={isPending}
        onClick={advance}
      >
        {translate(`reformRequests.advance.${next}`)}
      </Button>
    </TopToolbar>
  );
};
