import { Chip, Link as MuiLink } from '@mui/material';
import { Link } from 'react-router-dom';
import { useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { type AdminPayment } from '@estancia/contracts';
import { CustomerLink } from './CustomerLink';
import { useEuros } from './money';

/** What was paid for: "Subscription · PRO (annual)", "Pack · starter", "Supervised decoration"… */
export const PaidForField = (_props: { label?: string; source?: string }) => {
  const payment = useRecordContext<AdminPayment>();
  const translate = useTranslate();
  if (!payment) return null;
  const kind = translate(`commerce.paymentKinds.${payment.kind}`);
  const what = payment.planCode ?? payment.packCode;
  const cycle = payment.cycle ? ` (${translate(`commerce.cycles.${payment.cycle}`)})` : '';
  return <span>{what ? `${kind} · ${what}${cycle}` : kind}</span>;
};

export const PaymentCustomerField = (_props: { label?: string; source?: string }) => {
  const payment = useRecordContext<AdminPayment>();
  if (!payment) return null;
  return <CustomerLink id={payment.userId} name={payment.userName} email={payment.userEmail} />;
};

/** What is left to refund; a payment with nothing left cannot be refunded again. */
export const refundableCents = (payment: Pick<AdminPayment, 'amountCents' | 'refundedCents'>) =>
  Math.max(0, payment.amountCents - payment.refundedCents);

/** Refunded: nothing, in part (how much) or in full. */
export const RefundStateField = (_props: { label?: string; source?: string }) => {
  const payment = useRecordContext<AdminPayment>();
  const translate = useTranslate();
  const euros = useEuros();
  if (!payment) return null;
  if (payment.refundedCents === 0) return <span>—</span>;
  const full = refundableCents(payment) === 0;
  return (
    <Chip
      size="small"
      color={full ? 'default' : 'warning'}
      label={
        full
          ? translate('commerce.payments.refundedFull')
          : translate('commerce.payments.refundedPart', { amount: euros(payment.refundedCents) })
      }
    />
  );
};

/** The coupon the customer used, linking to the coupons list searched for its code. */
export const PaymentCouponField = (_props: { label?: string; source?: string }) => {
  const payment = useRecordContext<AdminPayment>();
  const createPath = useCreatePath();
  if (!payment) return null;
  if (!payment.couponCode) return <span>—</span>;
  const filter = encodeURIComponent(JSON.stringify({ q: payment.couponCode }));
  return (
    <MuiLink component={Link} to={`${createPath({ resource: 'coupons', type: 'list' })}?filter=${filter}`}>
      {payment.couponCode}
    </MuiLink>
  );
};
