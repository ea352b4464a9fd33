// Every route of spec section 2, each screen its own lazily loaded chunk. Signed-in screens sit in
// the app layout (navigation header); /home (the tournaments), /contactus and /leaderboard are open to
// everyone; /profile and /my-tournaments need a session,
// /admindashboard and its screens show "not allowed" to anyone but an administrator or a tournament's
// staff, who see their tournaments' screens (creating tournaments stays with administrators); RLS is
// the real gate.
import { useEffect, useRef, type ComponentType } from 'react';
import { createBrowserRouter, Outlet, useLocation, useNavigate, type Params, type RouteObject } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { RouteError } from '@/components/ui/route-error';
import { loadChunk } from '@/lib/chunk';

/**
 * What the server reads for a screen before rendering it (src/entry-server.tsx): the screen's public
 * queries, into the request's cache, so its first paint is the data and not a loader.
 */
export type Prefetch = (queryClient: QueryClient, params: Params) => Promise<unknown>;
export type RouteHandle = { prefetch?: Prefetch };

type Module = { default: ComponentType; prefetch?: Prefetch };

/** A route whose screen is the default export of a lazily imported module (and its prefetch, if any). */
function screen(load: () => Promise<Module>): RouteObject['lazy'] {
  return async () => {
    const module = await loadChunk(load);
    return { Component: module.default, handle: { prefetch: module.prefetch } satisfies RouteHandle };
  };
}

/** A layout-only route (guard) whose component is a named export of a lazily imported module. */
function guard(name: 'RequireAuth' | 'RequireAdmin' | 'RequireStaff'): RouteObject['lazy'] {
  return async () => ({ Component: (await loadChunk(() => import('@/components/layouts/guards')))[name] });
}

/** While the first screen's code arrives: an empty dark page of full height (no Mantine needed). */
function FirstLoad() {
  return <div role="status" aria-label="Loading" style={{ minHeight: '100vh' }} />;
}

/** The root: sends a password-recovery landing to /reset-password wherever it arrived. */
function Root() {
  const { recovery } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  // Once per recovery: after the new password is set, the person may go anywhere.
  const redirected = useRef(false);
  useEffect(() => {
    if (!recovery) {
      redirected.current = false;
      return;
    }
    if (redirected.current) return;
    redirected.current = true;
    if (location.pathname !== paths.resetPassword) navigate(paths.resetPassword, { replace: true });
  }, [recovery, location.pathname, navigate]);
  // Auth sends a sign-in it could not start (a forged or expired state) to the site with error_code:
  // the callback screen says what happened.
  useEffect(() => {
    if (location.pathname === paths.landing && /[?&]error_code=/.test(location.search))
      navigate(`${paths.authCallback}${location.search}`, { replace: true });
  }, [location.pathname, location.search, navigate]);
  return <Outlet />;
}

export const routes: RouteObject[] = [
  {
    path: paths.landing,
    element: <Root />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FirstLoad />,
    children: [
      { index: true, lazy: screen(() => import('@/app/routes/landing')) },
      {
        lazy: screen(() => import('@/components/layouts/auth-layout')),
        children: [
          { path: paths.register, lazy: screen(() => import('@/app/routes/register')) },
          { path: paths.login, lazy: screen(() => import('@/app/routes/login')) },
          { path: paths.forgotPassword, lazy: screen(() => import('@/app/routes/forgot-password')) },
          { path: paths.resetPassword, lazy: screen(() => import('@/app/routes/reset-password')) },
          { path: paths.authCallback, lazy: screen(() => import('@/app/routes/auth-callback')) },
        ],
      },
      {
        lazy: screen(() => import('@/components/layouts/app-layout')),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { path: paths.contact, lazy: screen(() => import('@/app/routes/contact')) },
              { path: paths.leaderboard, lazy: screen(() => import('@/app/routes/leaderboard')) },
              // Public: a shared link works for visitors; acting on it asks them to sign in.
              { path: paths.tournamentRoute, lazy: screen(() => import('@/app/routes/tournament')) },
              { path: paths.matchRoute, lazy: screen(() => import('@/app/routes/match')) },
              // Public too: visitors browse the tournaments; registering on a card asks them to sign in.
              { path: paths.home, lazy: screen(() => import('@/app/routes/home')) },
              {
                lazy: guard('RequireAuth'),
                children: [
                  { path: paths.profile, lazy: screen(() => import('@/app/routes/profile')) },
                  { path: paths.myTournaments, lazy: screen(() => import('@/app/routes/my-tournaments')) },
                  { path: paths.notifications, lazy: screen(() => import('@/app/routes/notifications')) },
                  { path: paths.completeProfile, lazy: screen(() => import('@/app/routes/complete-profile')) },
                ],
              },
              {
                lazy: guard('RequireStaff'),
                children: [
                  {
                    path: paths.adminDashboard,
                    lazy: screen(() => import('@/app/routes/admin-dashboard')),
                    children: [
                      { index: true, lazy: screen(() => import('@/app/routes/admin-tournaments')) },
                      {
                        lazy: guard('RequireAdmin'),
                        children: [
                          {
                            path: paths.adminNewTournament,
                            lazy: screen(() => import('@/app/routes/admin-new-tournament')),
                          },
                        ],
                      },
                      { path: paths.adminMessages, lazy: screen(() => import('@/app/routes/admin-messages')) },
                      {
                        path: paths.adminEditTournamentRoute,
                        lazy: screen(() => import('@/app/routes/admin-edit-tournament')),
                      },
                      {
                        lazy: screen(() => import('@/app/routes/admin-tournament')),
                        children: [
                          { path: paths.adminTeamsRoute, lazy: screen(() => import('@/app/routes/admin-teams')) },
                          { path: paths.adminBracketRoute, lazy: screen(() => import('@/app/routes/admin-bracket')) },
                          { path: paths.adminStaffRoute, lazy: screen(() => import('@/app/routes/admin-staff')) },
                        ],
                      },
                    ],
                  },
                ],
              },
              // Under the header, so a mistyped address still offers the way on.
              { path: '*', lazy: screen(() => import('@/app/routes/not-found')) },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
