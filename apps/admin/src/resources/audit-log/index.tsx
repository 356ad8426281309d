import HistoryIcon from '@mui/icons-material/History';
import { lazyPage } from '../../common/lazyPage';
import { AuditEntryName } from './AuditFields';

const AuditLogList = lazyPage(() => import('./AuditLogList'), 'AuditLogList');
const AuditLogShow = lazyPage(() => import('./AuditLogShow'), 'AuditLogShow');

/** The audit log (admins only): every staff action, append-only, so it is read and never edited. */
export default {
  list: AuditLogList,
  show: AuditLogShow,
  icon: HistoryIcon,
  recordRepresentation: <AuditEntryName />,
};
