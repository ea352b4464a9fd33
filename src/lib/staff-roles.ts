// Which tournaments the signed-in person is on the staff of (public.tournament_staff, their own rows
// by RLS), and whether the header offers the dashboard. No query cache here and the client imported
// when asked, so the header on every screen stays light (bench/bundle); lib/staff.ts caches the roles
// for the dashboard's screens.
import { useEffect, useState } from 'react';
import { useAuth } from '@/lib/auth';

export type StaffRole = 'co_organiser' | 'moderator';

export async function getMyStaffRoles(userId: string): Promise<Map<string, StaffRole>> {
  const { supabase } = await import('@/lib/supabase');
  const { data } = await supabase
    .from('tournament_staff')
    .select('tournament_id, role')
    .eq('user_id', userId)
    .throwOnError();
  return new Map(data.map((row) => [row.tournament_id, row.role as StaffRole]));
}

/**
 * Whether the header offers the dashboard: administrators, and anyone on a tournament's staff. Without
 * the query cache (a plain read on sign-in), so every screen's header stays light (bench/bundle).
 */
export function useIsStaff(): boolean {
  const { user, isAdmin } = useAuth();
  const [staffOf, setStaffOf] = useState<string | null>(null);
  useEffect(() => {
    if (!user || isAdmin) return;
    let active = true;
    getMyStaffRoles(user.id).then(
      (roles) => active && setStaffOf(roles.size > 0 ? user.id : null),
      () => {},
    );
    return () => {
      active = false;
    };
  }, [user, isAdmin]);
  return isAdmin || (!!user && staffOf === user.id);
}
