import HistoryIcon from '@mui/icons-material/History';
import { Button, useCreatePath, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';

/**
 * The way from a record's show page to its rows of the audit log (the `audit-log` list filtered by resource and
 * record). `resource` is the API resource the actions are recorded under (e.g. `users`, `plans`, `payments`).
 */
export const AuditLink = ({ resource }: { resource: string }) => {
  const record = useRecordContext<{ id: string | number }>();
  const createPath = useCreatePath();
  if (!record) return null;
  const filter = JSON.stringify({ resource, recordId: String(record.id) });
  return (
    <Button
      component={Link}
      to={`${createPath({ resource: 'audit-log', type: 'list' })}?filter=${encodeURIComponent(filter)}`}
      label="console.audit.link"
    >
      <HistoryIcon />
    </Button>
  );
};
