// /admindashboard and the screens below it: tournament management for the administrator (the router
// admits admins only). The frame (heading, Add Tournament, Manage Tournaments, notices) stays while
// its screens change.
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';

export default function AdminDashboardRoute() {
  return <AdminDashboard />;
}
