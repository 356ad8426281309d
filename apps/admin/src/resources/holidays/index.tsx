import EventBusyIcon from '@mui/icons-material/EventBusy';
import { type Holiday } from '@estancia/contracts';
import { lazyPage } from '../../common/lazyPage';

const HolidayList = lazyPage(() => import('./HolidayList'), 'HolidayList');
const HolidayCreate = lazyPage(() => import('./HolidayCreate'), 'HolidayCreate');

export default {
  list: HolidayList,
  create: HolidayCreate,
  icon: EventBusyIcon,
  recordRepresentation: (holiday: Holiday) => `${holiday.name} (${holiday.date})`,
};
