import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { type AdminTopReferrer } from '@estancia/contracts';
import { lazyPage } from '../../common/lazyPage';

const TopReferrerList = lazyPage(() => import('./TopReferrerList'), 'TopReferrerList');

/** The referrers who brought the most customers (id = the referrer), read only; reached from the referrals list. */
export default {
  list: TopReferrerList,
  icon: EmojiEventsIcon,
  recordRepresentation: (referrer: AdminTopReferrer) => referrer.name || referrer.email,
};
