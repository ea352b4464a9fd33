// What the draft looks like from where the viewer sits: the words for each step, the choices still
// open to a side (the database's rule, private.draft_choices, applied to the choices the viewer can
// see), and the choices grouped by game for the board.
import type { Tables } from '@/types/database';
import type { Brawler } from '@/features/match-room/api/get-brawlers';
import type { MatchDraft } from '@/features/match-room/api/get-match-room';

export type DraftAction = Tables<'draft_actions'>;
export type Side = 1 | 2;

export const STEP_LABELS: Record<string, string> = {
  global_ban: 'ban a brawler for the whole set (blind)',
  map_ban: 'ban a map',
  map_pick: 'pick the map',
  ban: 'ban a brawler for this game',
  pick: 'pick a brawler',
};

/** "Gem Grab: Hard Rock Mine", as the database names a map of the pool. */
export function mapKey(entry: { mode: string | null; map: string }): string {
  return [entry.mode, entry.map].filter(Boolean).join(': ');
}

/** The choices still open to `side` at the draft's open step. */
export function openChoices(
  draft: MatchDraft,
  actions: DraftAction[],
  brawlers: Brawler[],
  side: Side,
): { id: string; label: string; detail?: string }[] {
  const action = draft.action;
  if (action === 'map_ban' || action === 'map_pick') {
    const used = new Set(actions.filter((a) => a.action === 'map_ban' || a.action === 'map_pick').map((a) => a.choice));
    return draft.settings.map_pool
      .map(mapKey)
      .filter((key) => !used.has(key))
      .map((key) => ({ id: key, label: key }));
  }
  const closed = new Set(
    actions
      .filter((a) =>
        action === 'global_ban'
          ? a.action === 'global_ban' && a.side === side
          : a.action === 'global_ban' || (a.game === draft.game && (a.action === 'ban' || a.action === 'pick')),
      )
      .map((a) => a.choice),
  );
  return brawlers
    .filter((b) => !closed.has(b.id))
    .map((b) => ({ id: b.id, label: b.name, detail: `${b.class} · ${b.rarity}` }));
}

/** Has `side` already chosen at the open step (a blind step takes one choice from each side)? */
export function hasChosen(draft: MatchDraft, actions: DraftAction[], side: Side): boolean {
  return actions.some((a) => a.step === draft.step && a.side === side);
}

/** The board: the set's choices (game 0) and each game's, in order. */
export function draftGames(actions: DraftAction[]): Map<number, DraftAction[]> {
  const games = new Map<number, DraftAction[]>();
  for (const a of [...actions].sort((x, y) => x.step - y.step || x.side - y.side)) {
    games.set(a.game, [...(games.get(a.game) ?? []), a]);
  }
  return games;
}
