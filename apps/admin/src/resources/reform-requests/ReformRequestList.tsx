import {
  DataTable,
  NumberField,
  SelectArrayInput,
  SelectField,
  SelectInput,
  TextField,
  TextInput,
} from 'react-admin';
import { StaffList } from '../../common/StaffList';
import { type ReformRequest } from '@estancia/contracts';
import { WhenField } from '../../common/WhenField';
import { budgetChoices, scopeChoices, statusChoices } from './choices';
import { ReformScopesField, ReformStatusChip } from './ReformRequestFields';

const filters = [
  <TextInput key="q" source="q" label="reformRequests.search" alwaysOn resettable />,
  <SelectArrayInput
    key="status"
    source="status"
    label="reformRequests.fields.status"
    choices={statusChoices}
    alwaysOn
    sx={{ minWidth: 200 }}
  />,
  <SelectInput key="what" source="what" label="reformRequests.fields.what" choices={scopeChoices} alwaysOn />,
  <SelectInput
    key="budgetRange"
    source="budgetRange"
    label="reformRequests.fields.budgetRange"
    choices={budgetChoices}
  />,
];

/** Reform budget requests, newest first; the open ones (not closed) by default. */
export const ReformRequestList = () => (
  <StaffList<ReformRequest>
    sort={{ field: 'createdAt', order: 'DESC' }}
    filterDefaultValues={{ status: ['new', 'contacted', 'quoted'] }}
    exporter={false}
    filters={filters}
  >
    <DataTable<ReformRequest> rowClick="show" bulkActionButtons={false}>
      <DataTable.Col source="createdAt" label="reformRequests.fields.createdAt">
        <WhenField source="createdAt" />
      </DataTable.Col>
      <DataTable.Col source="propertyName" label="reformRequests.fields.propertyName" />
      <DataTable.Col source="customer.email" label="reformRequests.fields.customer" disableSort>
        <TextField source="customer.email" />
      </DataTable.Col>
      <DataTable.Col source="what" label="reformRequests.fields.what" disableSort>
        <ReformScopesField />
      </DataTable.Col>
      <DataTable.Col source="areaSquareMeters" label="reformRequests.fields.areaSquareMeters">
        <NumberField source="areaSquareMeters" />
      </DataTable.Col>
      <DataTable.Col source="budgetRange" label="reformRequests.fields.budgetRange">
        <SelectField source="budgetRange" choices={budgetChoices} />
      </DataTable.Col>
      <DataTable.Col source="status" label="reformRequests.fields.status">
        <ReformStatusChip />
      </DataTable.Col>
    </DataTable>
  </StaffList>
);
