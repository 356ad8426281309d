import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../../app/route-meta';
import { LanguageSelector } from '../../language/components/LanguageSelector';
import { useSession } from '../../session/session';
import { CreditsLabel } from './CreditsLabel';
import { RouterButton } from './RouterButton';
import { SubscriptionButton } from './SubscriptionButton';
import { UserMenu } from './UserMenu';

export function DesktopNavigation() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', ml: 'auto' }}>
      {user ? (
        <>
          {user.userSubscription.isActive ? (
            <RouterButton to={pathTo('MyProjects')} color="inherit">
              {t('nav.myProjects')}
            </RouterButton>
          ) : (
            <RouterButton to={pathTo('GetStarted')} color="inherit">
              {t('nav.tryFree')}
            </RouterButton>
          )}
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
