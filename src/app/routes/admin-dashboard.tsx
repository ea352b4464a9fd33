// /admindashboard: tournament management for the administrator (the router admits admins only).
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';

export default function AdminDashboardRoute() {
  return <AdminDashboard />;
}
