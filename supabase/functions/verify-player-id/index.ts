// The Edge Function `verify-player-id` on hosted Supabase (`supabase functions deploy
// verify-player-id`, with `supabase secrets set BRAWLSTARS_API_KEY=...`): the code in verify.ts,
// with the database reached through supabase-js as the service role. The local server answers the
// same path with the same code (server/functions/verify-player-id.ts).
import { createClient } from 'npm:@supabase/supabase-js@2';
import { DEFAULT_API_URL, verifyPlayerId } from './verify.ts';

const env = (name: string) => Deno.env.get(name) ?? undefined;
const service = createClient(env('SUPABASE_URL')!, env('SUPABASE_SERVICE_ROLE_KEY')!, {
  auth: { persistSession: false, autoRefreshToken: false },
});
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
};

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response(null, { headers: CORS });
  const token = req.headers.get('authorization')?.replace(/^Bearer\s+/i, '');
  const { data } = token ? await service.auth.getUser(token) : { data: { user: null } };
  const answer = await verifyPlayerId(
    { apiUrl: env('BRAWLSTARS_API_URL') ?? DEFAULT_API_URL, apiKey: env('BRAWLSTARS_API_KEY') },
    {
      rpc: async (name, args) => {
        const { data, error } = await service.rpc(name, args);
        return { data, error: error ? { code: error.code, message: error.message } : null };
      },
      pendingClaim: async (userId) =>
        (await service.from('player_id_claims').select('player_id').eq('user_id', userId).maybeSingle()).data,
    },
    {
      method: req.method,
      userId: data.user?.id ?? null,
      body: req.method === 'POST' ? await req.json().catch(() => ({})) : null,
    },
  );
  return Response.json(answer.body, { status: answer.status, headers: CORS });
});
