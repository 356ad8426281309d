import { Stack } from '@mui/material';
import {
  BooleanInput,
  Edit,
  Labeled,
  NumberField,
  NumberInput,
  SimpleForm,
  TextField,
  TextInput,
  useNotify,
} from 'react-admin';
import { type AdminPack } from '@estancia/contracts';
import { apiErrorKey } from '../../common/apiErrorKey';
import { EuroInput } from '../payments/money';
import {
  AuditActions,
  AvailabilityInputs,
  FormSection,
  SalesNote,
  SaveOnlyToolbar,
} from '../plans/CommerceFormParts';
import { packUpdateBody, validatePack } from './packForm';

/** A pack's price and credits; packs already bought keep the credits they gave. */
export const PackEdit = () => {
  const notify = useNotify();
  return (
    <Edit<AdminPack>
      mutationMode="pessimistic"
      actions={<AuditActions resource="packs" />}
      transform={packUpdateBody}
      mutationOptions={{ onError: (failure) => notify(apiErrorKey(failure), { type: 'error' }) }}
    >
      <SimpleForm validate={validatePack} toolbar={<SaveOnlyToolbar />} noValidate>
        <SalesNote />
        <TextInput source="name" />
        <FormSection title="commerce.sections.prices">
          <Stack direction={{ xs: 'column', sm: 'row' }} columnGap={2}>
            <EuroInput source="priceCents" />
            <NumberInput source="credits" step={1} min={1} />
          </Stack>
          <TextInput source="properties" helperText="commerce.packs.propertiesHelp" />
        </FormSection>
        <FormSection title="commerce.sections.sale">
          <BooleanInput source="active" helperText="commerce.activeHelp" />
          <AvailabilityInputs />
        </FormSection>
        <FormSection title="commerce.sections.gateway">
          <Labeled source="gatewayPrice">
            <TextField source="gatewayPrice" emptyText="—" />
          </Labeled>
          <Labeled source="sold">
            <NumberField source="sold" />
          </Labeled>
        </FormSection>
      </SimpleForm>
    </Edit>
  );
};
