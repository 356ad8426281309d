import AutorenewIcon from '@mui/icons-material/Autorenew';
import { type AdminSubscription } from '@estancia/contracts';
import { lazyPage } from '../../common/lazyPage';

const SubscriptionList = lazyPage(() => import('./SubscriptionList'), 'SubscriptionList');

/** Subscriptions, read only: they change through the gateway and the customer's own account. */
export default {
  list: SubscriptionList,
  icon: AutorenewIcon,
  recordRepresentation: (subscription: AdminSubscription) =>
    `${subscription.planCode} · ${subscription.userEmail}`,
};
