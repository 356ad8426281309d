import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AccountCircle from '@mui/icons-material/AccountCircle';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { displayName, type User } from '@estancia/contracts';
import { pathTo } from '../../../app/route-meta';
import { useLogout } from '../../session/hooks/useLogout';
import { USER_MENU_LINKS } from './user-menu-links';

/** The signed-in user's dropdown: Account, My projects, Pricing, API, Help, Logout. */
export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const name = displayName(user);
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        color="inherit"
        startIcon={<AccountCircle aria-hidden />}
        aria-label={t('nav.userMenu', { name })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        data-testid="user-menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {name}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {USER_MENU_LINKS.map((link) => (
          <MenuItem key={link.key} component={RouterLink} to={pathTo(link.route)} onClick={close}>
            {t(`nav.${link.key}`)}
          </MenuItem>
        ))}
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          {t('nav.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
