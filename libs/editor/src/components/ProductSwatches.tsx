import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Product } from '@estancia/contracts';

export interface ProductSwatchesProps {
  readonly title: string;
  readonly products: readonly Product[];
  readonly chosen: string | null;
  readonly onChoose: (product: Product) => void;
}

/** Paint colours or floor textures to choose from: each a button named by the product. */
export function ProductSwatches({ title, products, chosen, onChoose }: ProductSwatchesProps) {
  const { t } = useTranslation('editor');
  const headingId = useId();
  if (products.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" component="h3" gutterBottom>
        {title}
      </Typography>
      <Box
        role="group"
        aria-labelledby={headingId}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(64px, 1fr))', gap: 1 }}
      >
        {products.map((product) => {
          const selected = product.id === chosen;
          return (
            <Tooltip
              disableInteractive
              key={product.id}
              title={t('products.by', { name: product.name, brand: product.brand })}
            >
              <ButtonBase
                aria-label={product.name}
                aria-pressed={selected}
                onClick={() => onChoose(product)}
                sx={{
                  flexDirection: 'column',
                  alignItems: 'stretch',
                  borderRadius: 1,
                  p: 0.5,
                  outline: selected ? '2px solid' : '1px solid',
                  outlineColor: selected ? 'primary.main' : 'divider',
                }}
              >
                <Box
                  aria-hidden
                  sx={{
                    height: 36,
                    borderRadius: 0.5,
                    bgcolor: product.color,
                    backgroundImage: product.textureUrl ? `url("${product.textureUrl}")` : undefined,
                    backgroundSize: 'cover',
                  }}
                />
                <Typography variant="caption" noWrap sx={{ mt: 0.5 }}>
                  {product.name}
                </Typography>
              </ButtonBase>
            </Tooltip>
          );
        })}
      </Box>
    </Box>
  );
}
