import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { type OutboxMessage } from '@estancia/contracts';
import { lazyPage } from '../../common/lazyPage';

const OutboxList = lazyPage(() => import('./OutboxList'), 'OutboxList');
const OutboxShow = lazyPage(() => import('./OutboxShow'), 'OutboxShow');

export default {
  list: OutboxList,
  show: OutboxShow,
  icon: MailOutlineIcon,
  recordRepresentation: (message: OutboxMessage) => message.staffSubject,
};
