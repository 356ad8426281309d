import HandymanIcon from '@mui/icons-material/Handyman';
import { type ReformRequest } from '@estancia/contracts';
import { lazyPage } from '../../common/lazyPage';

const ReformRequestList = lazyPage(() => import('./ReformRequestList'), 'ReformRequestList');
const ReformRequestShow = lazyPage(() => import('./ReformRequestShow'), 'ReformRequestShow');

export default {
  list: ReformRequestList,
  show: ReformRequestShow,
  icon: HandymanIcon,
  options: { label: 'reformRequests.name' },
  recordRepresentation: (request: ReformRequest) => request.propertyName,
};
