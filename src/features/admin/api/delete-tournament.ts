// Deletes a tournament; its teams and players go with it (the foreign keys cascade).
import { useCallback, useState } from 'react';
import { supabase } from '@/lib/supabase';
import { AppError, unwrap } from '@/lib/errors';

export const DELETE_CONFIRM_MESSAGE = 'Are you sure you want to delete this tournament?';
export const DELETE_SUCCESS_MESSAGE = 'Tournament and associated data deleted successfully';
export const DELETE_ERROR_MESSAGE = 'Error deleting tournament and associated data';

export async function deleteTournament(id: string): Promise<void> {
  const rows = unwrap(await supabase.from('tournaments').delete().eq('id', id).select('id')) as unknown[] | null;
  // RLS filters rather than raises: no row back means nothing was deleted.
  if (!rows || rows.length === 0) throw new AppError(DELETE_ERROR_MESSAGE);
}

export function useDeleteTournament() {
  const [deleting, setDeleting] = useState(false);
  const mutate = useCallback(async (id: string): Promise<boolean> => {
    setDeleting(true);
    try {
      await deleteTournament(id);
      return true;
    } catch {
      return false;
    } finally {
      setDeleting(false);
    }
  }, []);
  return { mutate, deleting };
}
