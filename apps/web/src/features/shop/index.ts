export { FavouritesButton } from './components/FavouritesButton';
export { ShopActions } from './components/ShopActions';
