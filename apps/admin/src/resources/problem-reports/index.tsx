import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { type AdminProblemReport } from '@estancia/contracts';
import { ProblemReportList } from './ProblemReportList';
import { ProblemReportShow } from './ProblemReportShow';

export default {
  list: ProblemReportList,
  show: ProblemReportShow,
  icon: ReportProblemIcon,
  recordRepresentation: (report: AdminProblemReport) => report.text.slice(0, 40),
};
