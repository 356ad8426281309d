import HandymanIcon from '@mui/icons-material/Handyman';
import { type ReformRequest } from '@estancia/contracts';
import { ReformRequestList } from './ReformRequestList';
import { ReformRequestShow } from './ReformRequestShow';

export default {
  list: ReformRequestList,
  show: ReformRequestShow,
  icon: HandymanIcon,
  options: { label: 'reformRequests.name' },
  recordRepresentation: (request: ReformRequest) => request.propertyName,
};
