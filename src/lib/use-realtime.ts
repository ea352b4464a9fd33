// Keeps one cached query live: postgres_changes on `table` become cache updates (`apply`) or, without
// it, a re-read of the query. Every time the channel is joined (first and after a reconnect) the
// query is re-read too, so nothing that changed while it was not listening is missed.
import { useCallback, useEffect, useState } from 'react';
import { hashKey, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { supabase } from '@/lib/supabase';
import { errorMessage } from '@/lib/errors';
import type { Database } from '@/types/database';

type TableName = keyof Database['public']['Tables'];
type Row<T extends TableName> = Database['public']['Tables'][T]['Row'];
export type TableChange<T extends TableName> = RealtimePostgresChangesPayload<Row<T>>;

/** joining -> joined; error while the channel is down (it rejoins by itself, or on retry). */
export type LiveStatus = 'joining' | 'joined' | 'error';

/** Shown while a live view is not receiving changes (spec section 8). */
export const LIVE_ERROR_MESSAGE = 'Error loading tournament data';

/** How long a re-read waits for the rest of a transaction's changes. */
const REREAD_BATCH_MS = 50;

export function useRealtime<T extends TableName, D>(
  table: T,
  queryKey: QueryKey,
  options: {
    filter?: string;
    apply?: (data: D, change: TableChange<T>) => D;
    enabled?: boolean;
    /** Re-read every query under `queryKey` (a page made of several queries), not only that key. */
    prefix?: boolean;
  } = {},
) {
  const queryClient = useQueryClient();
  const [attempt, setAttempt] = useState(0);
  const { filter, apply, enabled = true, prefix = false } = options;
  const key = hashKey(queryKey);
  // The status belongs to one subscription: a new one (other key, filter or attempt) starts joining.
  const subscription = `${table}|${key}|${filter ?? ''}|${enabled}|${attempt}`;
  const [reported, setReported] = useState<{ subscription: string; status: LiveStatus } | null>(null);
  const status: LiveStatus = reported?.subscription === subscription ? reported.status : 'joining';
  const setStatus = (next: LiveStatus) => setReported({ subscription, status: next });

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    // One transaction's changes arrive together (a corrected result moves several matches): they make
    // one re-read, not one each that the next one cancels while the server still answers it.
    let pending: ReturnType<typeof setTimeout> | undefined;
    const reread = () => {
      pending ??= setTimeout(() => {
        pending = undefined;
        if (active) void queryClient.invalidateQueries({ queryKey, exact: !prefix });
      }, REREAD_BATCH_MS);
    };
    const channel = supabase
      .channel(`${table}-live-${Math.random().toString(36).slice(2)}`)
      .on<Row<T>>('postgres_changes', { event: '*', schema: 'public', table, filter }, (change) => {
        if (!active) return;
        // A read still under way may answer with the state from before this change: read again.
        if (!apply || queryClient.isFetching({ queryKey, exact: true }) > 0) reread();
        if (apply) queryClient.setQueryData<D>(queryKey, (data) => (data === undefined ? data : apply(data, change)));
      })
      .subscribe((state) => {
        if (!active) return;
        if (state === 'SUBSCRIBED') {
          setStatus('joined');
          reread();
        } else if (state === 'CHANNEL_ERROR' || state === 'TIMED_OUT') {
          setStatus('error');
        }
      });
    return () => {
      active = false;
      clearTimeout(pending);
      void supabase.removeChannel(channel);
    };
    // queryKey is represented by its hash; apply is read when a change arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [table, key, filter, enabled, prefix, attempt, queryClient]);

  /** Leaves the channel and joins a new one (the banner's Try again). */
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return { status, error: status === 'error' ? LIVE_ERROR_MESSAGE : null, retry };
}

/**
 * The banner of a live view whose data is on screen: the channel is down, or a re-read failed.
 * Both clear by themselves (the channel rejoins, the query retries); Try again does both now.
 */
export function liveBanner(
  query: { data: unknown; error: unknown; refetch: () => Promise<unknown> },
  live: { error: string | null; retry: () => void },
): { message: string | null; retry: () => void } {
  const message = live.error ?? (query.data !== undefined && query.error ? errorMessage(query.error) : null);
  return {
    message,
    retry: () => {
      if (live.error) live.retry();
      void query.refetch();
    },
  };
}
