import { DataTable, useRecordContext } from 'react-admin';
import { StaffList } from '../../common/StaffList';
import { Typography } from '@mui/material';
import { type AdminProblemReport } from '@estancia/contracts';
import { WhenField } from '../../common/WhenField';
import { SupportStatusChip, supportFilters } from '../contact-requests/SupportWorkflow';

const filters = supportFilters('support.searchReports');

export const ReporterField = () => {
  const report = useRecordContext<AdminProblemReport>();
  if (!report) return null;
  return (
    <Typography component="span" variant="body2">
      {report.reporter ? `${report.reporter.name} · ${report.reporter.email}` : '—'}
    </Typography>
  );
};

/** The first line of the report, enough to tell reports apart in the list. */
const Excerpt = () => {
  const report = useRecordContext<AdminProblemReport>();
  if (!report) return null;
  const text = report.text.replace(/\s+/g, ' ');
  return (
    <Typography component="span" variant="body2">
      {text.length > 90 ? `${text.slice(0, 89)}…` : text}
    </Typography>
  );
};

/** Problems customers reported, newest first. */
export const ProblemReportList = () => (
  <StaffList<AdminProblemReport>
    sort={{ field: 'createdAt', order: 'DESC' }}
    exporter={false}
    filters={filters}
  >
    <DataTable<AdminProblemReport> rowClick="show" bulkActionButtons={false}>
      <DataTable.Col source="createdAt">
        <WhenField source="createdAt" />
      </DataTable.Col>
      <DataTable.Col source="reporter" disableSort>
        <ReporterField />
      </DataTable.Col>
      <DataTable.Col source="text" disableSort>
        <Excerpt />
      </DataTable.Col>
      <DataTable.Col source="status">
        <SupportStatusChip />
      </DataTable.Col>
    </DataTable>
  </StaffList>
);
