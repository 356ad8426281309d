import { adminPlanUpdateSchema, type AdminPlanUpdate } from '@estancia/contracts';
import { type FormErrors, isoOrNull, setFormError, zodFormErrors } from './formValidation';

type PlanFormValues = Record<string, unknown>;

/** The form's values as the PUT the API takes: only the editable fields, dates as ISO instants. */
export const toPlanUpdate = (values: PlanFormValues) => ({
  name: values.name,
  monthlyPriceCents: values.monthlyPriceCents,
  annualPriceCents: values.annualPriceCents,
  includedDecorations: values.includedDecorations,
  watermark: Boolean(values.watermark),
  extraEditOptions: Boolean(values.extraEditOptions),
  unlimitedEditing: Boolean(values.unlimitedEditing),
  allRoomsAndStyles: Boolean(values.allRoomsAndStyles),
  descriptionsPerMonth: values.descriptionsPerMonth,
  apiAccess: Boolean(values.apiAccess),
  customLimits: Boolean(values.customLimits),
  decorationsPerOrder: values.decorationsPerOrder,
  active: Boolean(values.active),
  availableFrom: isoOrNull(values.availableFrom),
  availableUntil: isoOrNull(values.availableUntil),
});

/** Money typed in euros gets its message in euros, not in the cents it is kept in. */
export const PRICE_MESSAGES = {
  monthlyPriceCents: 'commerce.validation.price',
  annualPriceCents: 'commerce.validation.price',
  priceCents: 'commerce.validation.price',
};

/** "Until" must come after "from" when both are set. */
export const checkAvailability = (
  errors: FormErrors,
  update: { availableFrom: unknown; availableUntil: unknown },
) => {
  const { availableFrom, availableUntil } = update;
  if (
    typeof availableFrom === 'string' &&
    typeof availableUntil === 'string' &&
    availableFrom >= availableUntil
  )
    setFormError(errors, 'availableUntil', 'commerce.validation.endAfterStart');
  return errors;
};

export const validatePlan = (values: PlanFormValues) => {
  const update = toPlanUpdate(values);
  return checkAvailability(zodFormErrors(adminPlanUpdateSchema, update, PRICE_MESSAGES), update);
};

/** What is sent: the update exactly as the contract reads it (trimmed name). */
export const planUpdateBody = (values: PlanFormValues): AdminPlanUpdate =>
  adminPlanUpdateSchema.parse(toPlanUpdate(values));
