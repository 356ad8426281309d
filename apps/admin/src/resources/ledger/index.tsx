import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { lazyPage } from '../../common/lazyPage';
import { LedgerEntryName } from './LedgerFields';

const LedgerList = lazyPage(() => import('./LedgerList'), 'LedgerList');

/** Credit movements: every customer's on their own page (users), all of them here, read-only (the ledger is append-only). */
export default {
  list: LedgerList,
  icon: ReceiptLongIcon,
  recordRepresentation: <LedgerEntryName />,
};
