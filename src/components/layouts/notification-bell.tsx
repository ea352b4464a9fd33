// The header's bell: the signed-in user's unread notifications, counted live over Realtime, and the
// way to the notifications page. Small on purpose, its styles inline (a stylesheet of its own would
// be listed in every screen's first download): it is fetched once someone is signed in.
import { IconBell } from '@tabler/icons-react';
import { NavLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useUnreadCount } from '@/lib/notifications';

const BELL = {
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 44,
  height: 44,
  marginLeft: 'auto',
  borderRadius: 'var(--mantine-radius-md)',
  color: 'var(--mantine-color-dark-0)',
} as const;

const COUNT = {
  position: 'absolute',
  top: 4,
  right: 2,
  minWidth: 18,
  height: 18,
  padding: '0 4px',
  borderRadius: 9,
  background: 'var(--mantine-color-yellow-5)',
  color: '#1b1638',
  fontSize: 11,
  fontWeight: 800,
  lineHeight: '18px',
  textAlign: 'center',
} as const;

export default function NotificationBell() {
  const unread = useUnreadCount().data ?? 0;
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  return (
    <NavLink to={paths.notifications} style={BELL} aria-label={label} title={label}>
      <IconBell size={22} stroke={1.8} aria-hidden />
      {unread > 0 && (
        <span style={COUNT} aria-hidden data-testid="unread-count">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </NavLink>
  );
}
