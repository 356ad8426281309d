import { adminProductWriteSchema, type ProductType } from '@estancia/contracts';
import { numberOrNull, setFormError, zodFormErrors } from '../plans/formValidation';

type ProductFormValues = Record<string, unknown>;

/** A product's price is per litre of paint, per m² of floor, per item of furniture. */
export const UNIT_OF_TYPE = {
  wall_paint: 'litre',
  floor: 'square_metre',
  furniture: 'item',
} as const satisfies Record<ProductType, 'litre' | 'square_metre' | 'item'>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The form's values as the API's write. The fields of the other types are sent empty (null), whatever the form
 * still holds from before a change of type: a floor's pattern and tile scale, furniture's category.
 */
export const toProductWrite = (values: ProductFormValues) => {
  const type = values.type as ProductType | undefined;
  const names = (values.names ?? {}) as Record<string, unknown>;
  return {
    id: text(values.id),
    type,
    names: { es: text(names.es), ca: text(names.ca), en: text(names.en) },
    brand: text(values.brand),
    color: text(values.color).trim().toLowerCase(),
    category: type === 'furniture' ? (values.category ?? null) : null,
    pattern: type === 'floor' ? (values.pattern ?? null) : null,
    tileScale: type === 'floor' ? numberOrNull(values.tileScale) : null,
    priceCents: values.priceCents,
    unit: type ? UNIT_OF_TYPE[type] : undefined,
    purchaseUrl: text(values.purchaseUrl).trim(),
    styles: Array.isArray(values.styles) ? values.styles : [],
    roomTypes: Array.isArray(values.roomTypes) ? values.roomTypes : [],
    active: Boolean(values.active),
    sortOrder: values.sortOrder ?? 0,
  };
};

export const validateProduct = (values: ProductFormValues) => {
  const write = toProductWrite(values);
  const errors = zodFormErrors(adminProductWriteSchema, write, {
    id: 'commerce.products.idInvalid',
    type: 'ra.validation.required',
    color: 'commerce.products.colorInvalid',
    tileScale: 'commerce.products.tileScaleInvalid',
    priceCents: 'commerce.validation.price',
    purchaseUrl: 'commerce.products.urlInvalid',
  });
  // What each type needs that the schema leaves nullable for the others.
  if (write.type === 'furniture' && write.category === null)
    setFormError(errors, 'category', 'ra.validation.required');
  if (write.type === 'floor' && write.pattern === null)
    setFormError(errors, 'pattern', 'ra.validation.required');
  if (write.type === 'floor' && write.tileScale === null)
    setFormError(errors, 'tileScale', 'commerce.products.tileScaleInvalid');
  return errors;
};

export const productWriteBody = (values: ProductFormValues) =>
  adminProductWriteSchema.parse(toProductWrite(values));
