// The tournament's Discord invite, from discord_link(): the database answers it to the tournament's
// registered players and administrators, and null to anyone else. Shared by the tournament page and
// the bracket's match dialog; each keeps it under its own query key, so each page's invalidations hold.
import { supabase } from '@/lib/supabase';

export async function getDiscordLink(tournamentId: string): Promise<string | null> {
  const { data } = await supabase.rpc('discord_link', { p_tournament_id: tournamentId }).throwOnError();
  return data ?? null;
}
