import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { type AdminCoupon } from '@estancia/contracts';
import { lazyPage } from '../../common/lazyPage';

const CouponList = lazyPage(() => import('./CouponList'), 'CouponList');
const CouponCreate = lazyPage(() => import('./CouponCreate'), 'CouponCreate');
const CouponEdit = lazyPage(() => import('./CouponEdit'), 'CouponEdit');

/** Discount coupons: created and edited, withdrawn with `active`, never deleted. */
export default {
  list: CouponList,
  create: CouponCreate,
  edit: CouponEdit,
  icon: LocalOfferIcon,
  recordRepresentation: (coupon: AdminCoupon) => coupon.code,
};
