import EventBusyIcon from '@mui/icons-material/EventBusy';
import { type Holiday } from '@estancia/contracts';
import { HolidayCreate } from './HolidayCreate';
import { HolidayList } from './HolidayList';

export default {
  list: HolidayList,
  create: HolidayCreate,
  icon: EventBusyIcon,
  recordRepresentation: (holiday: Holiday) => `${holiday.name} (${holiday.date})`,
};
