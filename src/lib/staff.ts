// What the signed-in person may run: administrators every tournament, staff (public.tournament_staff,
// their own rows by RLS) the tournaments they were added to. It only shapes what people see; RLS and
// the database functions (private.can_organise, private.can_moderate) are the real gate.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth';
import { getMyStaffRoles } from '@/lib/staff-roles';

export type { StaffRole } from '@/lib/staff-roles';

export const myStaffKey = (userId: string) => ['my-staff', userId] as const;

export type StaffAccess = {
  loading: boolean;
  isAdmin: boolean;
  /** Administrator, or on the staff of at least one tournament. */
  isStaff: boolean;
  /** Administrator or co-organiser of the tournament: edit, start, seed, staff. */
  canOrganise: (tournamentId: string) => boolean;
  /** Administrator, co-organiser or moderator of the tournament: roster, check-in, results. */
  canModerate: (tournamentId: string) => boolean;
};

export function useStaffAccess(): StaffAccess {
  const { user, isAdmin, loading } = useAuth();
  const query = useQuery({
    queryKey: myStaffKey(user?.id ?? ''),
    queryFn: () => getMyStaffRoles(user!.id),
    enabled: !!user && !isAdmin,
  });
  const roles = query.data;
  const pending = loading || (!!user && !isAdmin && query.isPending);
  // One object while nothing changes, so screens can depend on it.
  return useMemo(
    () => ({
      loading: pending,
      isAdmin,
      isStaff: isAdmin || (roles?.size ?? 0) > 0,
      canOrganise: (id: string) => isAdmin || roles?.get(id) === 'co_organiser',
      canModerate: (id: string) => isAdmin || roles?.has(id) === true,
    }),
    [pending, isAdmin, roles],
  );
}
