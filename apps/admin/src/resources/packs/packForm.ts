import { adminPackUpdateSchema, type AdminPackUpdate } from '@estancia/contracts';
import { isoOrNull, zodFormErrors } from '../plans/formValidation';
import { checkAvailability, PRICE_MESSAGES } from '../plans/planForm';

type PackFormValues = Record<string, unknown>;

/** The form's values as the PUT the API takes: only the editable fields, dates as ISO instants. */
export const toPackUpdate = (values: PackFormValues) => ({
  name: values.name,
  credits: values.credits,
  priceCents: values.priceCents,
  properties: values.properties,
  active: Boolean(values.active),
  availableFrom: isoOrNull(values.availableFrom),
  availableUntil: isoOrNull(values.availableUntil),
});

export const validatePack = (values: PackFormValues) => {
  const update = toPackUpdate(values);
  return checkAvailability(zodFormErrors(adminPackUpdateSchema, update, PRICE_MESSAGES), update);
};

export const packUpdateBody = (values: PackFormValues): AdminPackUpdate =>
  adminPackUpdateSchema.parse(toPackUpdate(values));
