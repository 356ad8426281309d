import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import MenuIcon from '@mui/icons-material/Menu';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { displayName, type User } from '@estancia/contracts';
import { pathTo } from '../../../app/route-meta';
import { LanguageSelector } from '../../language/components/LanguageSelector';
import { useLogout } from '../../session/hooks/useLogout';
import { useSession } from '../../session/session';
import { useHomeLink } from '../hooks/useHomeLink';
import { CreditsLabel } from './CreditsLabel';
import { RouterButton } from './RouterButton';
import { SubscriptionButton } from './SubscriptionButton';
import { USER_MENU_LINKS } from './user-menu-links';

function HomeListItem({ user, onClick }: { user: User; onClick: () => void }) {
  const { t } = useTranslation();
  const home = useHomeLink(user);
  return (
    <ListItem disablePadding>
      <ListItemButton component={RouterLink} to={pathTo(home.route)} onClick={onClick}>
        <ListItemText primary={t(home.label)} />
      </ListItemButton>
    </ListItem>
  );
}

/** Small screens and mobile devices: the same entries behind a Menu toggle. */
export function MobileNavigation() {
  const { t } = useTranslation();
  const { user } = useSession();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const drawerId = useId();
  const close = () => setOpen(false);
  return (
    <>
      <IconButton
        color="inherit"
        sx={{ ml: 'auto' }}
        aria-label={t('nav.menu')}
        aria-expanded={open}
        aria-controls={drawerId}
        onClick={() => setOpen((value) => !value)}
      >
        <MenuIcon />
      </IconButton>
      <Drawer
        id={drawerId}
        anchor="right"
        open={open}
        onClose={close}
        slotProps={{ paper: { 'aria-label': t('nav.mobileMenu') } }}
      >
        <Box component="nav" aria-label={t('nav.mobileMenu')} sx={{ width: 280, p: 2 }}>
          <Stack spacing={2}>
            {user ? (
              <>
                <Box sx={{ fontWeight: 600 }}>{displayName(user)}</Box>
                <CreditsLabel credits={user.credits} />
                <SubscriptionButton user={user} fullWidth />
              </>
            ) : (
              <RouterButton to={pathTo('Register')} variant="contained" fullWidth onClick={close}>
                {t('nav.start')}
              </RouterButton>
            )}
            <LanguageSelector fullWidth />
          </Stack>
          <Divider sx={{ my: 2 }} />
          <List>
            {user ? (
              <>
                <HomeListItem user={user} onClick={close} />
                {/* The home entry above already leads to the projects: listed once, not twice. */}
                {USER_MENU_LINKS.filter((link) => link.route !== 'MyProjects').map((link) => (
                  <ListItem key={link.key} disablePadding>
                    <ListItemButton component={RouterLink} to={pathTo(link.route)} onClick={close}>
                      <ListItemText primary={t(`nav.${link.key}`)} />
                    </ListItemButton>
                  </ListItem>
                ))}
                <ListItem disablePadding>
                  <ListItemButton
                    onClick={() => {
                      close();
                      void logout();
                    }}
                  >
                    <ListItemText primary={t('nav.logout')} />
                  </ListItemButton>
                </ListItem>
              </>
            ) : (
              <ListItem disablePadding>
                <ListItemButton component={RouterLink} to={pathTo('FileUpload')} onClick={close}>
                  <ListItemText primary={t('nav.tryFree')} />
                </ListItemButton>
              </ListItem>
            )}
          </List>
        </Box>
      </Drawer>
    </>
  );
}
