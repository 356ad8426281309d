import PeopleIcon from '@mui/icons-material/People';
import { type AdminUser } from '@estancia/contracts';
import { UserList } from './UserList';
import { UserShow } from './UserShow';

export default {
  list: UserList,
  show: UserShow,
  icon: PeopleIcon,
  recordRepresentation: (user: AdminUser) => user.name || user.email,
};
