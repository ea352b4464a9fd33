// /functions/v1/verify-player-id: the Edge Function of the same name (supabase/functions/verify-player-id)
// run by the local server, with its code (verify.ts); the database is called as the service role
// in-process, as the Edge Function calls it through the Data API.
import { Hono } from 'hono';
import { asCaller, verifyToken, type ServerContext } from '../context.ts';
import { bearerToken, parseJson } from '../shared/http.ts';
import { DEFAULT_API_URL, verifyPlayerId } from '../../supabase/functions/verify-player-id/verify.ts';

const SERVICE = { role: 'service_role', claims: { role: 'service_role' } };

/** Reads BRAWLSTARS_API_URL and BRAWLSTARS_API_KEY (ctx.config.brawlStars) at each request. */
export function verifyPlayerIdRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  app.all('/', async (c) => {
    let userId: string | null = null;
    try {
      const claims = await verifyToken(ctx, bearerToken(c.req.header('authorization')) ?? c.req.header('apikey'));
      userId = claims.role === 'authenticated' && typeof claims.sub === 'string' ? claims.sub : null;
    } catch {
      return c.json({ code: 'invalid_jwt', message: 'Invalid JWT' }, 401);
    }
    let body: unknown = null;
    if (c.req.method === 'POST') {
      const text = await c.req.text();
      try {
        body = text.trim() ? parseJson(text) : {};
      } catch {
        return c.json({ code: 'bad_json', message: 'The body is not JSON.' }, 400);
      }
    }
    const answer = await verifyPlayerId(
      ctx.config.brawlStars ?? { apiUrl: DEFAULT_API_URL },
      {
        rpc: async (name, args) => {
          if (!/^[a-z_]+$/.test(name) || !Object.keys(args).every((n) => /^[a-z_]+$/.test(n))) {
            return { data: null, error: { message: `not a function of this verification: ${name}` } };
          }
          try {
            const names = Object.keys(args);
            const { rows } = await asCaller(ctx.db, SERVICE, (tx) =>
              tx.query<{ result: unknown }>(
                `select to_jsonb(public.${name}(${names.map((n, i) => `${n} => $${i + 1}`).join(', ')})) as result`,
                names.map((n) => args[n]),
              ),
            );
            return { data: rows[0]?.result ?? null, error: null };
          } catch (error) {
            const e = error as { code?: string; message: string };
            return { data: null, error: { code: e.code, message: e.message } };
          }
        },
        pendingClaim: async (id) => {
          const { rows } = await asCaller(ctx.db, SERVICE, (tx) =>
            tx.query<{ player_id: string }>('select player_id from public.player_id_claims where user_id = $1', [id]),
          );
          return rows[0] ?? null;
        },
      },
      { method: c.req.method, userId, body },
    );
    return c.json(answer.body, answer.status as 200);
  });
  return app;
}
