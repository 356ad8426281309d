import { Create, useNotify } from 'react-admin';
import { type AdminCoupon } from '@estancia/contracts';
import { apiErrorKey } from '../../common/apiErrorKey';
import { CouponForm } from './CouponForm';
import { couponWriteBody } from './couponWrite';

export const CouponCreate = () => {
  const notify = useNotify();
  return (
    <Create<AdminCoupon>
      transform={couponWriteBody}
      redirect="list"
      mutationOptions={{ onError: (failure) => notify(apiErrorKey(failure), { type: 'error' }) }}
    >
      <CouponForm />
    </Create>
  );
};
