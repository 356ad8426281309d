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
import { type AdminPlan } from '@estancia/contracts';
import { apiErrorKey } from '../../common/apiErrorKey';
import { EuroInput } from '../payments/money';
import {
  AuditActions,
  AvailabilityInputs,
  FormSection,
  SalesNote,
  SaveOnlyToolbar,
  UnlimitedCountInput,
} from './CommerceFormParts';
import { planUpdateBody, validatePlan } from './planForm';

const RIGHTS = [
  'watermark',
  'extraEditOptions',
  'unlimitedEditing',
  'allRoomsAndStyles',
  'apiAccess',
  'customLimits',
];

/**
 * A tier's prices, included decorations and rights. Pessimistic: a price change is only shown once the API (and,
 * with Stripe, the new gateway price) has taken it.
 */
export const PlanEdit = () => {
  const notify = useNotify();
  return (
    <Edit<AdminPlan>
      mutationMode="pessimistic"
      actions={<AuditActions resource="plans" />}
      transform={planUpdateBody}
      mutationOptions={{ onError: (failure) => notify(apiErrorKey(failure), { type: 'error' }) }}
    >
      {/* The schema validates, in the console's language; the browser's own bubbles would not. */}
      <SimpleForm validate={validatePlan} toolbar={<SaveOnlyToolbar />} noValidate>
        <SalesNote />
        <TextInput source="name" />
        <FormSection title="commerce.sections.prices">
          <Stack direction={{ xs: 'column', sm: 'row' }} columnGap={2}>
            <EuroInput source="monthlyPriceCents" />
            <EuroInput source="annualPriceCents" />
          </Stack>
          <NumberInput source="includedDecorations" step={1} min={0} />
        </FormSection>
        <FormSection title="commerce.sections.rights">
          {RIGHTS.map((right) => (
            <BooleanInput key={right} source={right} helperText={false} />
          ))}
          <UnlimitedCountInput source="descriptionsPerMonth" />
          <UnlimitedCountInput source="decorationsPerOrder" min={1} />
        </FormSection>
        <FormSection title="commerce.sections.sale">
          <BooleanInput source="active" helperText="commerce.activeHelp" />
          <AvailabilityInputs />
        </FormSection>
        <FormSection title="commerce.sections.gateway">
          <Labeled source="gatewayPrices.monthly">
            <TextField source="gatewayPrices.monthly" emptyText="—" />
          </Labeled>
          <Labeled source="gatewayPrices.annual">
            <TextField source="gatewayPrices.annual" emptyText="—" />
          </Labeled>
          <Labeled source="subscribers">
            <NumberField source="subscribers" />
          </Labeled>
        </FormSection>
      </SimpleForm>
    </Edit>
  );
};
