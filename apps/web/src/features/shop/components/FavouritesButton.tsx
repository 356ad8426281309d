import FavoriteIcon from '@mui/icons-material/Favorite';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications, useNotifications } from '../../notifications/notifications';
import { useFavourites } from '../api/shop-api';
import { ProductCard } from './ProductCard';

/** "Favoritos" with the notification store's count of new favourites; opening the list clears it. */
export function FavouritesButton() {
  const { t } = useTranslation();
  const { newFavourites } = useNotifications();
  const [open, setOpen] = useState(false);
  const favourites = useFavourites(open);
  const show = () => {
    setOpen(true);
    notifications.resetNewFavourites();
  };
  return (
    <>
      <Button
        variant="outlined"
        onClick={show}
        aria-label={
          newFavourites > 0 ? t('shop.favouritesWithNew', { count: newFavourites }) : t('shop.favourites')
        }
        startIcon={
          <Badge
            badgeContent={newFavourites}
            color="error"
            max={99}
            slotProps={{ badge: { 'aria-hidden': true } }}
          >
            <FavoriteIcon />
          </Badge>
        }
      >
        {t('shop.favourites')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby="favourites-title"
        fullWidth
        maxWidth="md"
      >
        <DialogTitle id="favourites-title">{t('shop.favouritesTitle')}</DialogTitle>
        <DialogContent>
          {favourites.isPending ? (
            <Typography role="status">{t('common.loading')}</Typography>
          ) : favourites.isError ? (
            <Alert severity="error">{t('errors:INTERNAL')}</Alert>
          ) : favourites.data.length === 0 ? (
            <Typography>{t('shop.noFavourites')}</Typography>
          ) : (
            <Grid container spacing={2}>
              {favourites.data.map((product) => (
                <Grid key={product.id} size={{ xs: 12, sm: 6, md: 4 }}>
                  <ProductCard product={product} favourite />
                </Grid>
              ))}
            </Grid>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('shop.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
