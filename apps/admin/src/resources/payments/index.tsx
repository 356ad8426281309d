import PaymentsIcon from '@mui/icons-material/Payments';
import { type AdminPayment } from '@estancia/contracts';
import { lazyPage } from '../../common/lazyPage';

const PaymentList = lazyPage(() => import('./PaymentList'), 'PaymentList');
const PaymentShow = lazyPage(() => import('./PaymentShow'), 'PaymentShow');

/** Payments (read only, refunded from their page); their invoices are kept even when the account is erased. */
export default {
  list: PaymentList,
  show: PaymentShow,
  icon: PaymentsIcon,
  recordRepresentation: (payment: AdminPayment) => payment.invoiceNumber,
};
