// The navigation header of signed-in screens: brand (-> /home), Tournaments, Leaderboard, My
// Tournaments, Profile, Contact Us, Dashboard (administrators and tournament staff) and Logout, and for a signed-in user the
// notifications bell. The current path's link is marked
// (aria-current="page"); past 20 px of scroll the bar turns translucent and blurred. From 1200 px
// the links sit in the bar with icons and labels, from 1120 px with labels alone (an administrator's
// seven always so); below, a Menu button opens them as a labelled list (e2e/header-layout.test.ts).
import { lazy, Suspense, useId, useState } from 'react';
import { Container } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import {
  IconAddressBook,
  IconChartBar,
  IconLayoutDashboard,
  IconLogin2,
  IconLogout,
  IconMenu2,
  IconTournament,
  IconTrophy,
  IconUserCircle,
  IconX,
  type Icon,
} from '@tabler/icons-react';
import { NavLink, Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { signOut, useAuth } from '@/lib/auth';
import { useIsStaff } from '@/lib/staff-roles';
import { loadChunk } from '@/lib/chunk';
import { withNext } from '@/lib/safe-next';
import classes from './header.module.css';

export const SCROLL_THRESHOLD = 20;

// Its own chunk, fetched once someone is signed in: the bell reads through supabase-js and Realtime,
// which public screens (contact, leaderboard, a tournament's page) need not download first.
const NotificationBell = lazy(() => loadChunk(() => import('./notification-bell')));

function HeaderLink({ to, label, icon: IconCmp }: { to: string; label: string; icon: Icon }) {
  return (
    <NavLink to={to} className={classes.link}>
      <IconCmp size={20} stroke={1.8} aria-hidden />
      <span>{label}</span>
    </NavLink>
  );
}

export function Header() {
  const [scroll] = useWindowScroll();
  const { user } = useAuth();
  const isStaff = useIsStaff();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // The phone menu is open for the page it was opened on: a link followed (or Back pressed) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const setMenuOpen = (open: boolean | ((open: boolean) => boolean)) =>
    setOpenOn((typeof open === 'function' ? open(menuOpen) : open) ? pathname : null);
  const navId = useId();

  async function logout(event: React.MouseEvent) {
    event.preventDefault();
    // Leave the guarded page first (the landing chunk may still be loading), so the guard does not
    // bounce the signed-out person to /login.
    await navigate(paths.landing);
    await signOut();
  }

  return (
    <header
      className={classes.header}
      data-scrolled={scroll.y > SCROLL_THRESHOLD || undefined}
      data-crowded={isStaff || undefined}
      onKeyDown={(event) => event.key === 'Escape' && setMenuOpen(false)}
    >
      <Container size="lg" className={classes.inner}>
        <Link to={paths.home} className={classes.brand} aria-label="BrawlCup home">
          <img src="/logo.svg" alt="" width={32} height={32} />
          <span>BrawlCup</span>
        </Link>
        {user && (
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        )}
        {/* A plain button: Mantine's ActionIcon (and its Loader) would weigh on every signed-in screen. */}
        <button
          type="button"
          className={classes.menuButton}
          aria-label="Menu"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <IconX size={24} aria-hidden /> : <IconMenu2 size={24} aria-hidden />}
        </button>
        <nav id={navId} aria-label="Main" className={classes.links} data-open={menuOpen || undefined}>
          <HeaderLink to={paths.home} label="Tournaments" icon={IconTournament} />
          <HeaderLink to={paths.leaderboard} label="Leaderboard" icon={IconChartBar} />
          <HeaderLink to={paths.myTournaments} label="My Tournaments" icon={IconTrophy} />
          <HeaderLink to={paths.profile} label="Profile" icon={IconUserCircle} />
          <HeaderLink to={paths.contact} label="Contact Us" icon={IconAddressBook} />
          {isStaff && <HeaderLink to={paths.adminDashboard} label="Dashboard" icon={IconLayoutDashboard} />}
          {user ? (
            <a href={paths.landing} onClick={logout} className={classes.link}>
              <IconLogout size={20} stroke={1.8} aria-hidden />
              <span>Logout</span>
            </a>
          ) : (
            // Back here after signing in (or up): a shared tournament link keeps its way.
            <HeaderLink to={withNext(paths.login, `${pathname}${search}`)} label="Sign in" icon={IconLogin2} />
          )}
        </nav>
      </Container>
    </header>
  );
}
