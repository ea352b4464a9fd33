// The navigation header of signed-in screens: brand (-> /home), Profile, My Tournaments, Contact Us
// and Logout. The current path's link is marked (aria-current="page"); past 20 px of scroll the bar
// turns translucent and blurred. Labels from sm up, icons always.
import { Box, Container } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconAddressBook, IconLogin2, IconLogout, IconTrophy, IconUserCircle, type Icon } from '@tabler/icons-react';
import { NavLink, Link, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { signOut, useAuth } from '@/lib/auth';
import classes from './header.module.css';

export const SCROLL_THRESHOLD = 20;

function Label({ children }: { children: string }) {
  return (
    <Box component="span" visibleFrom="sm">
      {children}
    </Box>
  );
}

function HeaderLink({ to, label, icon: IconCmp }: { to: string; label: string; icon: Icon }) {
  return (
    <NavLink to={to} className={classes.link} aria-label={label} title={label}>
      <IconCmp size={20} stroke={1.8} aria-hidden />
      <Label>{label}</Label>
    </NavLink>
  );
}

export function Header() {
  const [scroll] = useWindowScroll();
  const { user } = useAuth();
  const navigate = useNavigate();

  async function logout(event: React.MouseEvent) {
    event.preventDefault();
    // Leave the guarded page first (the landing chunk may still be loading), so the guard does not
    // bounce the signed-out person to /login.
    await navigate(paths.landing);
    await signOut();
  }

  return (
    <header className={classes.header} data-scrolled={scroll.y > SCROLL_THRESHOLD || undefined}>
      <Container size="lg" className={classes.inner}>
        <Link to={paths.home} className={classes.brand} aria-label="BrawlCup home">
          <img src="/logo.svg" alt="" width={32} height={32} />
          <span>BrawlCup</span>
        </Link>
        <nav aria-label="Main" className={classes.links}>
          <HeaderLink to={paths.profile} label="Profile" icon={IconUserCircle} />
          <HeaderLink to={paths.myTournaments} label="My Tournaments" icon={IconTrophy} />
          <HeaderLink to={paths.contact} label="Contact Us" icon={IconAddressBook} />
          {user ? (
            <a href={paths.landing} onClick={logout} className={classes.link} aria-label="Logout" title="Logout">
              <IconLogout size={20} stroke={1.8} aria-hidden />
              <Label>Logout</Label>
            </a>
          ) : (
            <HeaderLink to={paths.login} label="Sign in" icon={IconLogin2} />
          )}
        </nav>
      </Container>
    </header>
  );
}
