import ContactMailIcon from '@mui/icons-material/ContactMail';
import { type AdminContactRequest } from '@estancia/contracts';
import { lazyPage } from '../../common/lazyPage';

const ContactRequestList = lazyPage(() => import('./ContactRequestList'), 'ContactRequestList');
const ContactRequestShow = lazyPage(() => import('./ContactRequestShow'), 'ContactRequestShow');

export default {
  list: ContactRequestList,
  show: ContactRequestShow,
  icon: ContactMailIcon,
  recordRepresentation: (request: AdminContactRequest) => request.name,
};
