// The header's bell: the signed-in user's unread notifications, counted live over Realtime, and the
// way to the notifications page. Small on purpose: it is in every signed-in screen's first download.
import { IconBell } from '@tabler/icons-react';
import { NavLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useUnreadCount } from '@/lib/notifications';
import classes from './notification-bell.module.css';

export default function NotificationBell() {
  const unread = useUnreadCount().data ?? 0;
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  return (
    <NavLink to={paths.notifications} className={classes.bell} aria-label={label} title={label}>
      <IconBell size={22} stroke={1.8} aria-hidden />
      {unread > 0 && (
        <span className={classes.bellCount} aria-hidden data-testid="unread-count">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </NavLink>
  );
}
