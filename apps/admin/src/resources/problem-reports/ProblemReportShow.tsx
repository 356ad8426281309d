import { Labeled, Show, SimpleShowLayout, TextField, UrlField } from 'react-admin';
import { type AdminProblemReport } from '@estancia/contracts';
import { WhenField } from '../../common/WhenField';
import { SupportActions, SupportWorkflow } from '../contact-requests/SupportWorkflow';
import { ReporterField } from './ProblemReportList';

export const ProblemReportShow = () => (
  <Show<AdminProblemReport> actions={<SupportActions />}>
    <SimpleShowLayout>
      <WhenField source="createdAt" />
      <Labeled source="reporter">
        <ReporterField />
      </Labeled>
      <TextField source="text" sx={{ whiteSpace: 'pre-wrap' }} />
      <UrlField source="pageUrl" emptyText="—" />
      <TextField source="userAgent" emptyText="—" />
    </SimpleShowLayout>
    <SupportWorkflow />
  </Show>
);
