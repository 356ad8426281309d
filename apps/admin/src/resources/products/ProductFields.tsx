import { Box } from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { type AdminProduct, DEFAULT_LOCALE, type Locale } from '@estancia/contracts';
import { useEuros } from '../payments/money';
import { UNIT_OF_TYPE } from './productWrite';

/** The product's name in the console's language. */
export const useProductName = () => {
  const [locale] = useLocaleState();
  return (product: AdminProduct) => product.names[locale as Locale] ?? product.names[DEFAULT_LOCALE];
};

export const ProductNameField = (_props: { label?: string; source?: string }) => {
  const product = useRecordContext<AdminProduct>();
  const name = useProductName();
  return product ? <span>{name(product)}</span> : null;
};

/** The shop's picture, small; decorative here (the name is beside it). */
export const ThumbnailField = (_props: { label?: string; source?: string }) => {
  const product = useRecordContext<AdminProduct>();
  if (!product?.pictureUrl) return null;
  return (
    <Box
      component="img"
      src={product.pictureUrl}
      alt=""
      loading="lazy"
      sx={{ width: 48, height: 48, objectFit: 'contain', display: 'block' }}
    />
  );
};

/** "12,50 € / litro". */
export const UnitPriceField = (_props: { label?: string; source?: string }) => {
  const product = useRecordContext<AdminProduct>();
  const euros = useEuros();
  const translate = useTranslate();
  if (!product) return null;
  return (
    <span>
      {translate('commerce.products.unitPrice', {
        price: euros(product.priceCents),
        unit: translate(`commerce.units.${product.unit ?? UNIT_OF_TYPE[product.type]}`),
      })}
    </span>
  );
};
