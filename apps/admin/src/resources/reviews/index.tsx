import RateReviewIcon from '@mui/icons-material/RateReview';
import { type Review } from '@estancia/contracts';
import { lazyPage } from '../../common/lazyPage';

const ReviewList = lazyPage(() => import('./ReviewList'), 'ReviewList');
const ReviewShow = lazyPage(() => import('./ReviewShow'), 'ReviewShow');

export default {
  list: ReviewList,
  show: ReviewShow,
  icon: RateReviewIcon,
  recordRepresentation: (review: Review) => review.propertyName,
};
