// Administrators: each running tournament's Discord channel webhook (RLS: administrators only; the
// database refuses a URL that is not a Discord webhook, BC806), and the deliveries that failed.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/errors';

export type WebhookRow = { id: string; name: string; url: string | null };
export type FailedDelivery = { id: number; channel: string; last_error: string | null; failed_at: string | null };

export const webhooksKey = ['admin', 'tournament-webhooks'] as const;
export const failedDeliveriesKey = ['admin', 'failed-deliveries'] as const;

export async function getWebhooks(): Promise<WebhookRow[]> {
  const tournaments =
    unwrap(
      await supabase
        .from('tournaments')
        .select('id, name')
        .is('completed_at', null)
        .is('cancelled_at', null)
        .order('created_at', { ascending: false })
        .limit(100),
    ) ?? [];
  const hooks = unwrap(await supabase.from('tournament_webhooks').select('tournament_id, url')) ?? [];
  const byId = new Map(hooks.map((h) => [h.tournament_id, h.url]));
  return tournaments.map((t) => ({ id: t.id, name: t.name, url: byId.get(t.id) ?? null }));
}

export async function saveWebhook({ tournamentId, url }: { tournamentId: string; url: string | null }): Promise<void> {
  if (url === null) unwrap(await supabase.from('tournament_webhooks').delete().eq('tournament_id', tournamentId));
  else unwrap(await supabase.from('tournament_webhooks').upsert({ tournament_id: tournamentId, url }));
}

export async function getFailedDeliveries(): Promise<FailedDelivery[]> {
  return (
    unwrap(
      await supabase
        .from('outbox')
        .select('id, channel, last_error, failed_at')
        .not('failed_at', 'is', null)
        .order('failed_at', { ascending: false })
        .limit(20),
    ) ?? []
  );
}

export function useWebhooks() {
  return useQuery({ queryKey: webhooksKey, queryFn: getWebhooks });
}

export function useSaveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useFailedDeliveries() {
  return useQuery({ queryKey: failedDeliveriesKey, queryFn: getFailedDeliveries });
}
