import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorCode, PRODUCT_TYPES, type Decoration } from '@estancia/contracts';
import { ApiRequestError } from '../../../shared/api';
import { editDecorationPath } from '../../decorations/edit-route';
import { useRecommendations } from '../api/shop-api';
import { FavouritesButton } from './FavouritesButton';
import { ProductCard } from './ProductCard';

/** The recommendations for one decoration: furniture, paints and floors that suit it, closest colours first. */
export function RecommendationsDrawer({
  n,
  decoration,
  open,
  onClose,
}: {
  n: number;
  decoration: Decoration;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const recommendations = useRecommendations(decoration.id, open);
  const titleId = `recommendations-${decoration.id}`;
  const editPath = editDecorationPath(decoration.projectId, decoration.id);
  const code =
    recommendations.error instanceof ApiRequestError ? recommendations.error.code : ErrorCode.INTERNAL;
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: { xs: '100%', md: 720 }, p: 2 } },
      }}
    >
      <Stack direction="row" justifyContent="space-between" alignItems="center" gap={1}>
        <Typography id={titleId} component="h2" variant="h5">
          {t('shop.recommendationsTitle', { n })}
        </Typography>
        <Stack direction="row" alignItems="center" gap={1}>
          <FavouritesButton />
          <IconButton aria-label={t('shop.close')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Stack>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('shop.recommendationsIntro', {
          room: t(`catalogue.roomTypes.${decoration.roomType}`),
          style: t(`catalogue.styles.${decoration.style}`),
        })}
      </Typography>
      {recommendations.isPending ? (
        <Typography role="status">{t('common.loading')}</Typography>
      ) : recommendations.isError ? (
        <Alert severity="error">{t(`errors:${code}`)}</Alert>
      ) : (
        <>
          {recommendations.data.palette.length > 0 && (
            <Stack direction="row" alignItems="center" gap={1} sx={{ mb: 2 }}>
              <Typography variant="body2">{t('shop.palette')}</Typography>
              <Stack direction="row" gap={0.5} role="list" aria-label={t('shop.palette')}>
                {recommendations.data.palette.map((hex) => (
                  <Box
                    key={hex}
                    role="listitem"
                    aria-label={hex}
                    sx={{
                      width: 20,
                      height: 20,
                      borderRadius: '50%',
                      bgcolor: hex,
                      border: 1,
                      borderColor: 'divider',
                    }}
                  />
                ))}
              </Stack>
            </Stack>
          )}
          {PRODUCT_TYPES.map((type) => {
            const products = recommendations.data[type];
            const headingId = `${titleId}-${type}`;
            return (
              <Box key={type} component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
                <Typography id={headingId} component="h3" variant="h6" gutterBottom>
                  {t(`shop.types.${type}`)}
                </Typography>
                {products.length === 0 ? (
                  <Typography color="text.secondary">{t('shop.noneOfType')}</Typography>
                ) : (
                  <Grid container spacing={2}>
                    {products.map((product) => (
                      <Grid key={product.id} size={{ xs: 12, sm: 6, md: 4 }}>
                        <ProductCard
                          product={product}
                          favourite={product.favourite}
                          editPath={type === 'furniture' ? undefined : editPath}
                        />
                      </Grid>
                    ))}
                  </Grid>
                )}
              </Box>
            );
          })}
        </>
      )}
    </Drawer>
  );
}
