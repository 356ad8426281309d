import ChairIcon from '@mui/icons-material/Chair';
import { lazyPage } from '../../common/lazyPage';
import { ProductNameField } from './ProductFields';

const ProductList = lazyPage(() => import('./ProductList'), 'ProductList');
const ProductCreate = lazyPage(() => import('./ProductCreate'), 'ProductCreate');
const ProductEdit = lazyPage(() => import('./ProductEdit'), 'ProductEdit');

/** The shop's catalogue: furniture, wall paints and floors, with real purchase links; withdrawn, never deleted. */
export default {
  list: ProductList,
  create: ProductCreate,
  edit: ProductEdit,
  icon: ChairIcon,
  // The name in the console's language, in titles and references.
  recordRepresentation: <ProductNameField />,
};
