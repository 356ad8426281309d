import ContactMailIcon from '@mui/icons-material/ContactMail';
import { type AdminContactRequest } from '@estancia/contracts';
import { ContactRequestList } from './ContactRequestList';
import { ContactRequestShow } from './ContactRequestShow';

export default {
  list: ContactRequestList,
  show: ContactRequestShow,
  icon: ContactMailIcon,
  recordRepresentation: (request: AdminContactRequest) => request.name,
};
