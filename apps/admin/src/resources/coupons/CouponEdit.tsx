import { Edit, useNotify } from 'react-admin';
import { type AdminCoupon } from '@estancia/contracts';
import { apiErrorKey } from '../../common/apiErrorKey';
import { AuditActions } from '../plans/CommerceFormParts';
import { CouponForm } from './CouponForm';
import { couponWriteBody } from './couponWrite';

/** Pessimistic: a coupon customers may be typing right now changes only once the API has taken it. */
export const CouponEdit = () => {
  const notify = useNotify();
  return (
    <Edit<AdminCoupon>
      mutationMode="pessimistic"
      actions={<AuditActions resource="coupons" />}
      transform={couponWriteBody}
      mutationOptions={{ onError: (failure) => notify(apiErrorKey(failure), { type: 'error' }) }}
    >
      <CouponForm />
    </Edit>
  );
};
