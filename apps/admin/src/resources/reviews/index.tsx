import RateReviewIcon from '@mui/icons-material/RateReview';
import { type Review } from '@estancia/contracts';
import { ReviewList } from './ReviewList';
import { ReviewShow } from './ReviewShow';

export default {
  list: ReviewList,
  show: ReviewShow,
  icon: RateReviewIcon,
  recordRepresentation: (review: Review) => review.propertyName,
};
