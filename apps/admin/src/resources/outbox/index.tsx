import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { type OutboxMessage } from '@estancia/contracts';
import { OutboxList } from './OutboxList';
import { OutboxShow } from './OutboxShow';

export default {
  list: OutboxList,
  show: OutboxShow,
  icon: MailOutlineIcon,
  recordRepresentation: (message: OutboxMessage) => message.subject,
};
