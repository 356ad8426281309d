import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CheckoutSession } from '@estancia/contracts';
import { formatMoney } from '../money';

/** What a checkout session sells, in words: a pack and its credits, a plan and cycle, decorations or a card. */
export function usePurchaseName() {
  const { t } = useTranslation();
  return (session: CheckoutSession): string => {
    switch (session.kind) {
      case 'pack':
        return t('checkout.item.pack', {
          name: session.packName ?? session.packCode ?? '',
          count: session.credits,
        });
      case 'subscription':
        return t('checkout.item.subscription', {
          plan: session.planCode ?? '',
          cycle: t(`offers.cycle.${session.cycle ?? 'monthly'}`),
        });
      case 'decoration':
        return t('checkout.item.decoration');
      case 'extra_decorations':
        return t('checkout.item.extraDecorations', { count: session.quantity });
      case 'card_setup':
        return t('checkout.item.cardSetup');
    }
  };
}

/** The line "what you buy" and the amount (with the coupon's discount) of a session. */
export function PurchaseSummary({ session }: { session: CheckoutSession }) {
  const { t, i18n } = useTranslation();
  const name = usePurchaseName();
  const money = (cents: number) => formatMoney(cents, i18n.language);
  return (
    <>
      <Typography variant="h3" component="p" data-testid="purchase-item">
        {name(session)}
      </Typography>
      {session.kind !== 'card_setup' && (
        <>
          {session.discountCents > 0 && (
            <Typography color="text.secondary">
              {t('checkout.discount', {
                amount: money(session.discountCents),
                coupon: session.couponCode ?? '',
              })}
            </Typography>
          )}
          <Typography variant="h2" component="p" data-testid="purchase-amount">
            {t('checkout.total', { amount: money(session.amountCents) })}
          </Typography>
        </>
      )}
    </>
  );
}
