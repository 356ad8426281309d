import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { type AdminPlan } from '@estancia/contracts';
import { lazyPage } from '../../common/lazyPage';

const PlanList = lazyPage(() => import('./PlanList'), 'PlanList');
const PlanEdit = lazyPage(() => import('./PlanEdit'), 'PlanEdit');

/** The four subscription tiers (id = code): edited, never created or deleted. */
export default {
  list: PlanList,
  edit: PlanEdit,
  icon: WorkspacePremiumIcon,
  recordRepresentation: (plan: AdminPlan) => plan.name,
};
