import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { type LedgerEntry } from '@estancia/contracts';

/** Credit movements have no pages of their own: the user's show page lists them. */
export default {
  icon: ReceiptLongIcon,
  recordRepresentation: (entry: LedgerEntry) => entry.idempotencyKey,
};
