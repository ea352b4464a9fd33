// /admindashboard/tournaments/:id/staff: the tournament's co-organisers and moderators.
import { StaffPanel } from '@/features/admin/components/staff-panel';

export default function AdminStaffRoute() {
  return <StaffPanel />;
}
