import { EmailField, Labeled, SelectField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { type AdminContactRequest } from '@estancia/contracts';
import { languageChoices } from '../../common/choices';
import { WhenField } from '../../common/WhenField';
import { ChoicesField, MeetingField } from './ContactRequestFields';
import { SupportActions, SupportWorkflow } from './SupportWorkflow';

export const ContactRequestShow = () => (
  <Show<AdminContactRequest> actions={<SupportActions />}>
    <SimpleShowLayout>
      <WhenField source="createdAt" />
      <TextField source="name" />
      <EmailField source="email" />
      <TextField source="company" emptyText="—" />
      <Labeled source="services">
        <ChoicesField source="services" />
      </Labeled>
      <Labeled source="volumes">
        <ChoicesField source="volumes" />
      </Labeled>
      <Labeled source="wantsMeeting">
        <MeetingField />
      </Labeled>
      <SelectField source="language" choices={languageChoices} />
      <TextField source="message" emptyText="—" sx={{ whiteSpace: 'pre-wrap' }} />
    </SimpleShowLayout>
    <SupportWorkflow />
  </Show>
);
