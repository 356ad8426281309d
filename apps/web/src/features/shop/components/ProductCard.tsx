import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { ShopProduct } from '@estancia/contracts';
import { formatMoney } from '../../billing/money';
import { useToggleFavourite } from '../api/shop-api';

/**
 * One product: our own picture (drawing, swatch or floor tile), price, the favourite toggle, the
 * shop's page in a new tab, and for paints and floors a link to apply it in the editor.
 */
export function ProductCard({
  product,
  favourite,
  editPath,
}: {
  product: ShopProduct;
  favourite: boolean;
  /** The editor of the decoration the product is recommended for (paints and floors only). */
  editPath?: string;
}) {
  const { t, i18n } = useTranslation();
  const toggle = useToggleFavourite();
  return (
    <Card variant="outlined" component="article" aria-label={product.name} sx={{ height: '100%' }}>
      <Box
        component="img"
        src={product.pictureUrl}
        alt={product.name}
        loading="lazy"
        sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', display: 'block' }}
      />
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Stack direction="row" justifyContent="space-between" alignItems="flex-start" gap={1}>
          <Box>
            <Typography variant="subtitle2" component="h4">
              {product.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {product.brand}
            </Typography>
            <Typography variant="body2">
              {t(`shop.price.${product.unit}`, { price: formatMoney(product.priceCents, i18n.language) })}
            </Typography>
          </Box>
          <IconButton
            aria-label={t('shop.favourite', { name: product.name })}
            aria-pressed={favourite}
            disabled={toggle.isPending}
            color={favourite ? 'error' : 'default'}
            onClick={() => toggle.mutate({ product, favourite: !favourite })}
          >
            {favourite ? <FavoriteIcon /> : <FavoriteBorderIcon />}
          </IconButton>
        </Stack>
        <Stack direction="row" gap={1} flexWrap="wrap" sx={{ mt: 1 }}>
          <Button
            size="small"
            variant="contained"
            component="a"
            href={product.purchaseUrl}
            target="_blank"
            rel="noopener noreferrer"
            endIcon={<OpenInNewIcon fontSize="small" />}
            aria-label={t('shop.buyProduct', { name: product.name })}
          >
            {t('shop.buy')}
          </Button>
          {editPath && product.type !== 'furniture' && (
            <Button
              size="small"
              component={RouterLink}
              to={editPath}
              aria-label={t('shop.applyProduct', { name: product.name })}
            >
              {t('shop.apply')}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
