import { DataTable, List, TextInput } from 'react-admin';
import { type OutboxMessage } from '@estancia/contracts';
import { WhenField } from '../../common/WhenField';
import { SentAtField } from './SentAtField';

// `q` searches recipient and subject; a labelled box rather than the placeholder-only SearchInput.
const outboxFilters = [<TextInput key="q" source="q" label="console.outbox.search" alwaysOn resettable />];

/** Sent e-mails, newest first: staff read verification codes and reset links here when SMTP is off. */
export const OutboxList = () => (
  <List<OutboxMessage> sort={{ field: 'createdAt', order: 'DESC' }} exporter={false} filters={outboxFilters}>
    <DataTable<OutboxMessage> rowClick="show" bulkActionButtons={false}>
      <DataTable.Col source="to" />
      <DataTable.Col source="subject" />
      <DataTable.Col source="template" />
      <DataTable.Col source="createdAt">
        <WhenField source="createdAt" />
      </DataTable.Col>
      <DataTable.Col source="sentAt">
        <SentAtField />
      </DataTable.Col>
    </DataTable>
  </List>
);
