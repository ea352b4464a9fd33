// Route guards. They only shape what people see; the database's RLS is the real gate.
import { Navigate, Outlet, useLocation, useOutletContext } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useStaffAccess } from '@/lib/staff';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { NotAllowed } from '@/components/ui/not-allowed';
import { useServerRender } from '@/lib/server-render';

/** Where a guard sent someone from, so sign-in can bring them back. */
export type FromState = { from?: { pathname: string; search?: string; hash?: string } };

/**
 * Signed-in only: anyone else goes to /login, and back here after signing in. A page the server
 * rendered shows its screen while the session is read (the server, which never sees it, rendered the
 * screen's public part), and leaves for /login as any other if there is none.
 */
export function RequireAuth() {
  const { user, loading } = useAuth();
  const location = useLocation();
  const server = useServerRender();
  if (loading) return server ? <Outlet /> : <LoadingScreen />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location } satisfies FromState} />;
  return <Outlet />;
}

/**
 * Administrators only: anyone else sees the "not allowed" page. Inside a layout (the dashboard's
 * create form), the layout's outlet context passes through to the screen.
 */
export function RequireAdmin() {
  const { user, isAdmin, loading } = useAuth();
  const context = useOutletContext();
  if (loading) return <LoadingScreen />;
  if (!isAdmin) return <NotAllowed signedIn={!!user} />;
  return <Outlet context={context} />;
}

/** Administrators and tournament staff (co-organisers, moderators): anyone else sees "not allowed". */
export function RequireStaff() {
  const { user } = useAuth();
  const { loading, isStaff } = useStaffAccess();
  if (loading) return <LoadingScreen />;
  if (!isStaff) return <NotAllowed signedIn={!!user} />;
  return <Outlet />;
}
