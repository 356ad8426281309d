import { DataTable, TextInput, useLocaleState } from 'react-admin';
import { StaffList } from '../../common/StaffList';
import { type OutboxMessage } from '@estancia/contracts';
import { WhenField } from '../../common/WhenField';
import { SentAtField } from './SentAtField';

// `q` searches recipient and subject; a labelled box rather than the placeholder-only SearchInput.
const outboxFilters = [<TextInput key="q" source="q" label="console.outbox.search" alwaysOn resettable />];

/**
 * Sent e-mails, newest first: staff read verification codes and reset links here when SMTP is off. Subjects come
 * in the console's language (the API writes them again from each message's kind and values), so the list is
 * asked for again when the language changes.
 */
export const OutboxList = () => {
  const [locale] = useLocaleState();
  return (
    <StaffList<OutboxMessage>
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
      filters={outboxFilters}
      queryOptions={{ meta: { locale } }}
    >
      <DataTable<OutboxMessage> rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="to" />
        {/* The API sorts by the subject as sent, which is not what this column shows. */}
        <DataTable.Col source="staffSubject" disableSort />
        <DataTable.Col source="createdAt">
          <WhenField source="createdAt" />
        </DataTable.Col>
        <DataTable.Col source="sentAt">
          <SentAtField />
        </DataTable.Col>
      </DataTable>
    </StaffList>
  );
};
