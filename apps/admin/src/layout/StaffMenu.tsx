import { type ReactNode } from 'react';
import { Box, ListSubheader } from '@mui/material';
import TuneIcon from '@mui/icons-material/Tune';
import { Menu, useBasename, useSidebarState, useTranslate } from 'react-admin';

/** One job's entries; the visible heading is for sighted users, the group's label for screen readers. */
const MenuGroup = ({ title, children }: { title: string; children: ReactNode }) => {
  const translate = useTranslate();
  const [open] = useSidebarState();
  return (
    <Box role="group" aria-label={translate(title)}>
      {open && (
        <ListSubheader component="div" aria-hidden disableSticky sx={{ lineHeight: 2.5, mt: 1 }}>
          {translate(title)}
        </ListSubheader>
      )}
      {children}
    </Box>
  );
};

/** The menu is grouped by job (review, customers, commerce, platform); only customers and platform exist yet. */
export const StaffMenu = () => {
  // Custom entries link outside react-admin's own path building, so they carry the console's basename themselves.
  const basename = useBasename();
  return (
    <Menu>
      <MenuGroup title="console.menu.customers">
        <Menu.ResourceItem name="users" />
      </MenuGroup>
      <MenuGroup title="console.menu.platform">
        <Menu.ResourceItem name="outbox" />
        <Menu.Item
          to={`${basename}/platform`}
          primaryText="console.menu.platformStatus"
          leftIcon={<TuneIcon />}
        />
      </MenuGroup>
    </Menu>
  );
};
