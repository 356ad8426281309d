import { Show, SimpleShowLayout, TopToolbar, ListButton } from 'react-admin';
import { type AdminAuditEntry } from '@estancia/contracts';
import { WhenField } from '../../common/WhenField';
import {
  ActionField,
  ActorField,
  AuditEntryTitle,
  ChangesTable,
  RecordField,
  ResourceField,
} from './AuditFields';

const AuditEntryActions = () => (
  <TopToolbar>
    <ListButton />
  </TopToolbar>
);

/** One staff action with every field it changed, whole, before and after. */
export const AuditLogShow = () => (
  <Show<AdminAuditEntry> actions={<AuditEntryActions />} title={<AuditEntryTitle />}>
    <SimpleShowLayout>
      <WhenField source="createdAt" />
      <ActorField source="actor" />
      <ActionField source="action" />
      <ResourceField source="resource" />
      <RecordField source="recordId" />
      <ChangesTable source="changes" />
    </SimpleShowLayout>
  </Show>
);
