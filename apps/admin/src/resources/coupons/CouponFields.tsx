import { useRecordContext, useTranslate } from 'react-admin';
import { type AdminCoupon } from '@estancia/contracts';
import { useEuros } from '../payments/money';

/** "20 %" or "5,00 €". */
export const DiscountField = (_props: { label?: string; source?: string }) => {
  const coupon = useRecordContext<AdminCoupon>();
  const euros = useEuros();
  const translate = useTranslate();
  if (!coupon) return null;
  return (
    <span>
      {coupon.percentOff !== null
        ? translate('commerce.coupons.percent', { percent: coupon.percentOff })
        : euros(coupon.amountOffCents ?? 0)}
    </span>
  );
};

/** "3 / 100", or "3 / no limit". */
export const RedemptionsField = (_props: { label?: string; source?: string }) => {
  const coupon = useRecordContext<AdminCoupon>();
  const translate = useTranslate();
  if (!coupon) return null;
  return (
    <span>
      {translate('commerce.coupons.redemptions', {
        used: coupon.timesRedeemed,
        max: coupon.maxRedemptions ?? translate('commerce.coupons.unlimited'),
      })}
    </span>
  );
};
