// Proving a player ID through the game, as the Edge Function `verify-player-id` does on hosted
// Supabase and the local server does at the same path (server/functions/verify-player-id.ts): the
// same code, given the configuration and the two things that differ (calling the database as the
// service role, reading the caller's pending check). The rules stay in the database
// (start_player_id_claim, complete_player_id_claim in supabase/schemas/profiles.sql); this only asks
// the official Brawl Stars API what it knows: `GET /v1/players/%23TAG` with the operator's key,
// answering `{tag, name, icon: {id}, ...}` or 404 `{reason: "notFound"}`, as the brawlstats client
// libraries read it. Plain TypeScript and fetch: it runs on Deno and Node alike.

export interface VerifyConfig {
  /** BRAWLSTARS_API_URL: the API's base URL (a local stand-in in tests). */
  apiUrl: string;
  /** BRAWLSTARS_API_KEY: without it nothing is verified, and the page says so. */
  apiKey?: string;
}

export interface DbError {
  code?: string;
  message: string;
}

export interface VerifyDeps {
  /** Calls a database function as the service role. */
  rpc(name: string, args: Record<string, unknown>): Promise<{ data: unknown; error: DbError | null }>;
  /** The caller's pending check (player_id_claims), if any. */
  pendingClaim(userId: string): Promise<{ player_id: string } | null>;
  fetch?: typeof fetch;
}

export interface VerifyAnswer {
  status: number;
  body: Record<string, unknown>;
}

export const DEFAULT_API_URL = 'https://api.brawlstars.com';
/** The characters of the game's tags (what the brawlstats clients accept). */
const TAG = /^#?([0289PYLQGRJCUV]{3,14})$/;

interface Player {
  tag: string;
  name: string;
  icon?: { id?: number };
}

const fail = (status: number, code: string, message: string): VerifyAnswer => ({ status, body: { code, message } });
const UNAVAILABLE = fail(503, 'BC109', 'Player IDs are not verified on this site.');

/** What the API says of a tag: the player, or why not. */
async function lookUp(config: VerifyConfig, deps: VerifyDeps, tag: string): Promise<Player | VerifyAnswer> {
  const fetcher = deps.fetch ?? fetch;
  let res: Response;
  try {
    res = await fetcher(`${config.apiUrl.replace(/\/+$/, '')}/v1/players/${encodeURIComponent(`#${tag}`)}`, {
      headers: { Authorization: `Bearer ${config.apiKey}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(8000),
    });
  } catch {
    return fail(502, 'upstream_unavailable', 'The game could not be reached: try again in a minute.');
  }
  if (res.status === 404) return fail(404, 'BC108', `No Brawl Stars player has the ID #${tag}.`);
  const body = (await res.json().catch(() => null)) as Partial<Player> | null;
  if (!res.ok || !body || typeof body.name !== 'string') {
    return fail(502, 'upstream_unavailable', 'The game could not be reached: try again in a minute.');
  }
  return {
    tag: `#${tag}`,
    name: body.name,
    icon: { id: typeof body.icon?.id === 'number' ? body.icon.id : undefined },
  };
}

const isAnswer = (x: Player | VerifyAnswer): x is VerifyAnswer => 'status' in x;

function dbFailure(error: DbError): VerifyAnswer {
  // The rules' own refusals (class BC) are the player's to read; anything else is ours.
  if (error.code?.startsWith('BC')) return fail(error.code === 'BC107' ? 409 : 400, error.code, error.message);
  return fail(500, 'unexpected_failure', 'The check could not be saved: try again.');
}

/**
 * GET: whether verification is on. POST `{player_id}`: starts a check of that tag for the caller
 * (it must exist in the game), answering the icon to set. POST `{}`: completes the caller's check if
 * the game now shows that icon.
 */
export async function verifyPlayerId(
  config: VerifyConfig,
  deps: VerifyDeps,
  request: { method: string; userId: string | null; body: unknown },
): Promise<VerifyAnswer> {
  if (request.method === 'GET') return { status: 200, body: { enabled: Boolean(config.apiKey) } };
  if (request.method !== 'POST') return fail(405, 'method_not_allowed', 'Use GET or POST.');
  if (!config.apiKey) return UNAVAILABLE;
  if (!request.userId) return fail(401, 'BC001', 'Please sign in.');
  const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};

  if (body.player_id !== undefined) {
    const match = typeof body.player_id === 'string' ? TAG.exec(body.player_id.trim().toUpperCase()) : null;
    if (!match) return fail(400, 'BC103', 'Invalid player ID: a Brawl Stars tag is # and 3 to 14 of 0289PYLQGRJCUV.');
    const player = await lookUp(config, deps, match[1]!);
    if (isAnswer(player)) return player;
    const { data, error } = await deps.rpc('start_player_id_claim', {
      p_user_id: request.userId,
      p_player_id: player.tag,
      p_in_game_name: player.name,
      p_current_icon: player.icon?.id ?? null,
    });
    if (error) return dbFailure(error);
    const claim = data as {
      player_id: string;
      in_game_name: string;
      icon_id: number;
      icon_name: string;
      expires_at: string;
    };
    return {
      status: 200,
      body: {
        status: 'pending',
        player_id: claim.player_id,
        in_game_name: claim.in_game_name,
        icon: { id: claim.icon_id, name: claim.icon_name },
        expires_at: claim.expires_at,
      },
    };
  }

  const claim = await deps.pendingClaim(request.userId);
  if (!claim) return fail(409, 'BC105', 'Start the check of your player ID first.');
  const player = await lookUp(config, deps, claim.player_id.slice(1));
  if (isAnswer(player)) return player;
  const { error } = await deps.rpc('complete_player_id_claim', {
    p_user_id: request.userId,
    p_player_id: claim.player_id,
    p_icon_id: player.icon?.id ?? null,
  });
  if (error) return dbFailure(error);
  return { status: 200, body: { status: 'verified', player_id: claim.player_id, in_game_name: player.name } };
}
