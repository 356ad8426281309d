import { type ReactNode } from 'react';
import { Badge, Box, ListSubheader } from '@mui/material';
import DashboardIcon from '@mui/icons-material/Dashboard';
import InsightsIcon from '@mui/icons-material/Insights';
import MemoryIcon from '@mui/icons-material/Memory';
import TuneIcon from '@mui/icons-material/Tune';
import { Menu, useBasename, usePermissions, useSidebarState, useTranslate } from 'react-admin';
import reviews from '../resources/reviews';
import { useReviewAlerts } from '../resources/reviews/reviewQueries';
import { visuallyHidden } from '@estancia/ui';

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

/** The queue, with a badge counting reviews at risk or overdue (GET reviews/alerts, polled every minute). */
const ReviewQueueItem = ({ to }: { to: string }) => {
  const translate = useTranslate();
  const { data } = useReviewAlerts();
  const alerts = data ? data.atRisk + data.overdue : 0;
  const QueueIcon = reviews.icon;
  return (
    <Menu.Item
      to={to}
      primaryText={
        <>
          {translate('console.menu.reviewQueue')}
          {alerts > 0 && (
            <Box component="span" sx={visuallyHidden}>
              {` (${translate('console.menu.alerts', { smart_count: alerts })})`}
            </Box>
          )}
        </>
      }
      leftIcon={
        <Badge badgeContent={alerts} color="error" max={99} slotProps={{ badge: { 'aria-hidden': true } }}>
          <QueueIcon />
        </Badge>
      }
    />
  );
};

/**
 * The menu is grouped by job (review, customers, platform). Decorators see what review needs (the queue and the
 * holiday calendar, read-only); admins see everything. App.tsx declares the same split as routes, and the API
 * enforces it.
 */
export const StaffMenu = () => {
  // Custom entries link outside react-admin's own path building, so they carry the console's basename themselves.
  const basename = useBasename();
  const { permissions } = usePermissions<string | null>();
  const isAdmin = permissions === 'admin';
  return (
    <Menu>
      {isAdmin && (
        <Menu.Item
          to={`${basename}/dashboard`}
          primaryText="console.menu.dashboard"
          leftIcon={<DashboardIcon />}
        />
      )}
      <MenuGroup title="console.menu.review">
        <ReviewQueueItem to={`${basename}/reviews`} />
        {isAdmin && (
          <Menu.Item
            to={`${basename}/review-dashboard`}
            primaryText="console.menu.reviewDashboard"
            leftIcon={<InsightsIcon />}
          />
        )}
        <Menu.ResourceItem name="holidays" />
      </MenuGroup>
      {isAdmin && (
        <MenuGroup title="console.menu.customers">
          <Menu.ResourceItem name="users" />
          <Menu.ResourceItem name="ledger" />
        </MenuGroup>
      )}
      {isAdmin && (
        <MenuGroup title="console.menu.support">
          <Menu.ResourceItem name="contact-requests" />
          <Menu.ResourceItem name="problem-reports" />
        </MenuGroup>
      )}
      {isAdmin && (
        <MenuGroup title="console.menu.commerce">
          <Menu.ResourceItem name="plans" />
          <Menu.ResourceItem name="packs" />
          <Menu.ResourceItem name="coupons" />
          <Menu.ResourceItem name="payments" />
          <Menu.ResourceItem name="subscriptions" />
          <Menu.ResourceItem name="referrals" />
          <Menu.ResourceItem name="products" />
          <Menu.ResourceItem name="reform-requests" />
        </MenuGroup>
      )}
      {isAdmin && (
        <MenuGroup title="console.menu.platform">
          <Menu.ResourceItem name="outbox" />
          <Menu.ResourceItem name="audit-log" />
          <Menu.Item
            to={`${basename}/platform`}
            primaryText="console.menu.platformStatus"
            leftIcon={<TuneIcon />}
          />
          <Menu.Item
            to={`${basename}/engines`}
            primaryText="console.menu.engines"
            leftIcon={<MemoryIcon />}
          />
        </MenuGroup>
      )}
    </Menu>
  );
};
