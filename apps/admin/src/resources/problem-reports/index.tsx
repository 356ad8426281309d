import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { type AdminProblemReport } from '@estancia/contracts';
import { lazyPage } from '../../common/lazyPage';

const ProblemReportList = lazyPage(() => import('./ProblemReportList'), 'ProblemReportList');
const ProblemReportShow = lazyPage(() => import('./ProblemReportShow'), 'ProblemReportShow');

export default {
  list: ProblemReportList,
  show: ProblemReportShow,
  icon: ReportProblemIcon,
  recordRepresentation: (report: AdminProblemReport) => report.text.slice(0, 40),
};
