import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode, type Coupon } from '@estancia/contracts';
import { ApiRequestError } from '../../../shared/api';
import { catalogueApi, type CouponKind } from '../api/catalogue';
import { formatMoney } from '../money';

/**
 * A coupon for one kind of purchase, checked with the API before it is used; the applied coupon goes
 * with the checkout. `error` is a code the checkout itself answered for the coupon.
 */
export function CouponField({
  kind,
  applied,
  onApplied,
  error,
}: {
  kind: CouponKind;
  applied: Coupon | null;
  onApplied: (coupon: Coupon | null) => void;
  error?: ErrorCode | null;
}) {
  const { t, i18n } = useTranslation();
  const [code, setCode] = useState('');
  const check = useMutation({
    mutationFn: (value: string) => catalogueApi.coupon(value, kind),
    onSuccess: (coupon) => onApplied(coupon),
    onError: () => onApplied(null),
  });
  const failure =
    error ??
    (check.error instanceof ApiRequestError
      ? check.error.code === ErrorCode.NOT_FOUND
        ? ErrorCode.COUPON_INVALID
        : check.error.code
      : check.error
        ? ErrorCode.INTERNAL
        : null);
  const discount = applied
    ? applied.percentOff !== null
      ? `${applied.percentOff} %`
      : formatMoney(applied.amountOffCents ?? 0, i18n.language)
    : '';
  const id = `coupon-${kind}`;
  return (
    <Stack
      component="form"
      direction={{ xs: 'column', sm: 'row' }}
      gap={1}
      alignItems={{ sm: 'flex-start' }}
      onSubmit={(event) => {
        event.preventDefault();
        if (code.trim()) check.mutate(code);
      }}
    >
      <TextField
        id={id}
        label={t('offers.coupon.label')}
        size="small"
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          if (applied) onApplied(null);
          check.reset();
        }}
        error={Boolean(failure)}
        helperText={
          failure
            ? t(`errors:${failure}`)
            : applied
              ? t('offers.coupon.applied', { code: applied.code, discount })
              : t('offers.coupon.hint')
        }
      />
      <Button type="submit" variant="outlined" disabled={!code.trim() || check.isPending}>
        {t('offers.coupon.apply')}
      </Button>
    </Stack>
  );
}
