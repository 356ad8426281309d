import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { User } from '@estancia/contracts';
import { pathTo } from '../../../app/route-meta';
import { LanguageSelector } from '../../language/components/LanguageSelector';
import { useSession } from '../../session/session';
import { useHomeLink } from '../hooks/useHomeLink';
import { CreditsLabel } from './CreditsLabel';
import { RouterButton } from './RouterButton';
import { SubscriptionButton } from './SubscriptionButton';
import { UserMenu } from './UserMenu';

function HomeButton({ user }: { user: User }) {
  const { t } = useTranslation();
  const home = useHomeLink(user);
  return (
    <RouterButton to={pathTo(home.route)} color="inherit">
      {t(home.label)}
    </RouterButton>
  );
}

export function DesktopNavigation() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', ml: 'auto' }}>
      {user ? (
        <>
          <HomeButton user={user} />
          <CreditsLabel credits={user.credits} />
          <SubscriptionButton user={user} />
          <LanguageSelector />
          <UserMenu user={user} />
        </>
      ) : (
        <>
          <RouterButton to={pathTo('FileUpload')} color="inherit">
            {t('nav.tryFree')}
          </RouterButton>
          <LanguageSelector />
          <RouterButton to={pathTo('Register')} variant="contained">
            {t('nav.start')}
          </RouterButton>
        </>
      )}
    </Stack>
  );
}
