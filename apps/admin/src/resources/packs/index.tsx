import InventoryIcon from '@mui/icons-material/Inventory2';
import { type AdminPack } from '@estancia/contracts';
import { lazyPage } from '../../common/lazyPage';

const PackList = lazyPage(() => import('./PackList'), 'PackList');
const PackEdit = lazyPage(() => import('./PackEdit'), 'PackEdit');

/** The credit packs (id = code): edited, never created or deleted. */
export default {
  list: PackList,
  edit: PackEdit,
  icon: InventoryIcon,
  recordRepresentation: (pack: AdminPack) => pack.name,
};
