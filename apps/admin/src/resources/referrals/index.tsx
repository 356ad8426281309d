import Diversity3Icon from '@mui/icons-material/Diversity3';
import { lazyPage } from '../../common/lazyPage';

const ReferralList = lazyPage(() => import('./ReferralList'), 'ReferralList');

/** Referrals (id = the referred customer), read only: the reward is paid by the product itself. */
export default {
  list: ReferralList,
  icon: Diversity3Icon,
};
