// A tournament's staff with their usernames (public.staff_members: its staff and administrators read
// it; anyone else gets an empty list).
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { StaffRole } from '@/lib/staff';
import { adminKeys } from './query-keys';

export type StaffMember = { user_id: string; username: string; role: StaffRole; created_at: string };

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  co_organiser: 'Co-organiser',
  moderator: 'Moderator',
};

export async function getStaff(tournamentId: string): Promise<StaffMember[]> {
  const { data } = await supabase.rpc('staff_members', { p_tournament_id: tournamentId }).throwOnError();
  return data.map((row) => ({ ...row, role: row.role as StaffRole }));
}

export function useStaff(tournamentId: string) {
  return useQuery({ queryKey: adminKeys.staff(tournamentId), queryFn: () => getStaff(tournamentId) });
}
