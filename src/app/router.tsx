// Every route of spec section 2, each screen its own lazily loaded chunk. Signed-in screens sit in
// the app layout (navigation header); /home, /profile and /my-tournaments need a session,
// /admindashboard shows "not allowed" to anyone but an administrator (RLS is the real gate).
import { useEffect, type ComponentType } from 'react';
import { createBrowserRouter, Outlet, useLocation, useNavigate, type RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { RouteError } from '@/components/ui/route-error';
import { RequireAuth, RequireAdmin } from '@/components/layouts/guards';
import { loadChunk } from '@/lib/chunk';

type Module = { default: ComponentType };

/** A route whose screen is the default export of a lazily imported module. */
function screen(load: () => Promise<Module>): RouteObject['lazy'] {
  return async () => ({ Component: (await loadChunk(load)).default });
}

/** The root: sends a password-recovery landing to /reset-password wherever it arrived. */
function Root() {
  const { recovery } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (recovery && location.pathname !== paths.resetPassword) navigate(paths.resetPassword, { replace: true });
  }, [recovery, location.pathname, navigate]);
  return <Outlet />;
}

export const routes: RouteObject[] = [
  {
    path: paths.landing,
    element: <Root />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { index: true, lazy: screen(() => import('@/app/routes/landing')) },
      {
        lazy: screen(() => import('@/components/layouts/auth-layout')),
        children: [
          { path: paths.register, lazy: screen(() => import('@/app/routes/register')) },
          { path: paths.login, lazy: screen(() => import('@/app/routes/login')) },
          { path: paths.forgotPassword, lazy: screen(() => import('@/app/routes/forgot-password')) },
          { path: paths.resetPassword, lazy: screen(() => import('@/app/routes/reset-password')) },
        ],
      },
      {
        lazy: screen(() => import('@/components/layouts/app-layout')),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { path: paths.contact, lazy: screen(() => import('@/app/routes/contact')) },
              {
                element: <RequireAuth />,
                children: [
                  { path: paths.home, lazy: screen(() => import('@/app/routes/home')) },
                  { path: paths.profile, lazy: screen(() => import('@/app/routes/profile')) },
                  { path: paths.myTournaments, lazy: screen(() => import('@/app/routes/my-tournaments')) },
                ],
              },
              {
                element: <RequireAdmin />,
                children: [{ path: paths.adminDashboard, lazy: screen(() => import('@/app/routes/admin-dashboard')) }],
              },
            ],
          },
        ],
      },
      { path: '*', lazy: screen(() => import('@/app/routes/not-found')) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
