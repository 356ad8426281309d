import { Stack } from '@mui/material';
import { useWatch } from 'react-hook-form';
import {
  BooleanInput,
  DateTimeInput,
  Labeled,
  NumberField,
  NumberInput,
  RadioButtonGroupInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { type AdminCoupon, COUPON_SCOPES } from '@estancia/contracts';
import { EuroInput } from '../payments/money';
import { FormSection } from '../plans/CommerceFormParts';
import { DISCOUNT_KINDS, discountKindOf, validateCoupon } from './couponWrite';

export const couponScopeChoices = COUPON_SCOPES.map((scope) => ({
  id: scope,
  name: `commerce.couponScopes.${scope}`,
}));
const discountKindChoices = DISCOUNT_KINDS.map((kind) => ({
  id: kind,
  name: `commerce.coupons.kinds.${kind}`,
}));

/** The figure of the chosen kind only: a percentage, or an amount in euros. */
const DiscountFigure = () => {
  const kind = useWatch({ name: 'discountKind' }) as string | undefined;
  return kind === 'amount' ? (
    <EuroInput source="amountOffCents" min={0.01} />
  ) : (
    <NumberInput source="percentOff" step={1} min={1} max={100} />
  );
};

/**
 * Create and edit: the discount is a choice between a percentage and a fixed amount, made explicit, so a coupon
 * never carries both. A coupon is withdrawn with "active", never deleted (payments name it).
 */
export const CouponForm = () => {
  const coupon = useRecordContext<AdminCoupon>();
  return (
    <SimpleForm
      validate={validateCoupon}
      noValidate
      defaultValues={{ discountKind: discountKindOf(coupon), appliesTo: 'any', active: true }}
    >
      <TextInput source="code" helperText="commerce.coupons.codeHelp" />
      <FormSection title="commerce.coupons.discount">
        <RadioButtonGroupInput
          source="discountKind"
          label="commerce.coupons.kind"
          choices={discountKindChoices}
          helperText={false}
        />
        <DiscountFigure />
        <SelectInput source="appliesTo" choices={couponScopeChoices} />
      </FormSection>
      <FormSection title="commerce.sections.sale">
        <Stack direction={{ xs: 'column', sm: 'row' }} columnGap={2}>
          <DateTimeInput source="startsAt" helperText="commerce.noBound" />
          <DateTimeInput source="expiresAt" helperText="commerce.noBound" />
        </Stack>
        <NumberInput source="maxRedemptions" step={1} min={1} helperText="commerce.coupons.noLimit" />
        <NumberInput
          source="maxRedemptionsPerCustomer"
          step={1}
          min={1}
          helperText="commerce.coupons.noLimitPerCustomer"
        />
        <BooleanInput source="active" helperText="commerce.coupons.activeHelp" />
        {coupon && (
          <Labeled source="timesRedeemed">
            <NumberField source="timesRedeemed" />
          </Labeled>
        )}
      </FormSection>
    </SimpleForm>
  );
};
