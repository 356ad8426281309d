export { FavouritesButton } from './components/FavouritesButton';
export { ShopActions } from './components/ShopActions';
export { ProjectReformButton } from './components/ProjectReformButton';
