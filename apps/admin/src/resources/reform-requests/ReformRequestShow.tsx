import { Box, List as MuiList, ListItem, ListItemText, Typography } from '@mui/material';
import {
  Labeled,
  NumberField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { type ReformRequest } from '@estancia/contracts';
import { WhenField } from '../../common/WhenField';
import { budgetChoices, contactChoices } from './choices';
import { ReformScopesField, ReformStatusChip } from './ReformRequestFields';
import { ReformStatusActions } from './ReformStatusActions';

/** Every status the request went through, who moved it and when. */
const StatusHistory = () => {
  const record = useRecordContext<ReformRequest>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record) return null;
  return (
    <Box component="section" aria-labelledby="reform-history" sx={{ px: 2, pb: 2 }}>
      <Typography id="reform-history" component="h2" variant="h6">
        {translate('reformRequests.history')}
      </Typography>
      <MuiList dense>
        {record.history.map((change) => (
          <ListItem key={change.status} disableGutters>
            <ListItemText
              primary={translate(`reformRequests.statuses.${change.status}`)}
              secondary={translate('reformRequests.changedBy', {
                who: change.by?.name ?? translate('reformRequests.customer'),
                when: new Date(change.at).toLocaleString(locale),
              })}
            />
          </ListItem>
        ))}
      </MuiList>
    </Box>
  );
};

export const ReformRequestShow = () => (
  <Show<ReformRequest> actions={<ReformStatusActions />}>
    <SimpleShowLayout>
      <Labeled label="reformRequests.fields.status">
        <ReformStatusChip />
      </Labeled>
      <TextField source="propertyName" label="reformRequests.fields.propertyName" />
      <TextField source="customer.name" label="reformRequests.fields.customerName" />
      <TextField source="customer.email" label="reformRequests.fields.customer" />
      <Labeled label="reformRequests.fields.what">
        <ReformScopesField />
      </Labeled>
      <NumberField source="areaSquareMeters" label="reformRequests.fields.areaSquareMeters" />
      <SelectField source="budgetRange" choices={budgetChoices} label="reformRequests.fields.budgetRange" />
      <SelectField
        source="contactPreference"
        choices={contactChoices}
        label="reformRequests.fields.contactPreference"
      />
      <TextField source="phone" label="reformRequests.fields.phone" emptyText="—" />
      <TextField source="notes" label="reformRequests.fields.notes" emptyText="—" />
      <WhenField source="createdAt" label="reformRequests.fields.createdAt" />
    </SimpleShowLayout>
    <StatusHistory />
  </Show>
);
