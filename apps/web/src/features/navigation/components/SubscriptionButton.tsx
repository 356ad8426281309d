import { useTranslation } from 'react-i18next';
import type { User } from '@estancia/contracts';
import { planColour } from '@estancia/ui';
import { pathTo } from '../../../app/route-meta';
import { RouterButton } from './RouterButton';

/** Names the user's plan in its colour, or invites them to subscribe. */
export function SubscriptionButton({ user, fullWidth }: { user: User; fullWidth?: boolean }) {
  const { t } = useTranslation();
  const plan = user.userSubscription.isActive ? user.userSubscription.subscription?.name : undefined;
  if (!plan) {
    return (
      <RouterButton to={pathTo('Offers')} variant="contained" color="secondary" fullWidth={fullWidth}>
        {t('nav.subscribe')}
      </RouterButton>
    );
  }
  const colour = planColour(plan);
  return (
    <RouterButton
      to={pathTo('Account', {}, { showSubscription: 'true' })}
      variant="contained"
      fullWidth={fullWidth}
      sx={{
        backgroundColor: colour.background,
        color: colour.text,
        '&:hover': { backgroundColor: colour.background, filter: 'brightness(0.9)' },
      }}
    >
      {t('nav.plan', { plan })}
    </RouterButton>
  );
}
