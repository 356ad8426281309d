import PeopleIcon from '@mui/icons-material/People';
import { type AdminUser } from '@estancia/contracts';
import { lazyPage } from '../../common/lazyPage';

const UserList = lazyPage(() => import('./UserList'), 'UserList');
const UserShow = lazyPage(() => import('./UserShow'), 'UserShow');

export default {
  list: UserList,
  show: UserShow,
  icon: PeopleIcon,
  recordRepresentation: (user: AdminUser) => user.name || user.email,
};
