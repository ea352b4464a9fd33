// What a captain is offered at a step, from the choices they can see: the rules of
// private.draft_choices (match_room.sql) on the client.
import { describe, expect, it } from 'vitest';
import type { MatchDraft } from '@/features/match-room/api/get-match-room';
import { draftGames, hasChosen, openChoices, type DraftAction } from '@/features/match-room/draft-view';

const brawlers = ['shelly', 'colt', 'bull', 'brock', 'spike'].map((id) => ({
  id,
  name: id,
  rarity: 'Rare',
  class: 'Tank',
}));
const draft = (patch: Partial<MatchDraft>): MatchDraft =>
  ({
    match_id: 'm',
    step: 1,
    game: 0,
    action: 'global_ban',
    side: 0,
    status: 'drafting',
    settings: {
      kind: 'full',
      map_pool: [
        { mode: 'Heist', map: 'Safe Zone' },
        { mode: null, map: 'Hideout' },
      ],
    },
    ...patch,
  }) as MatchDraft;
const act = (step: number, game: number, action: string, side: number, choice: string) =>
  ({ step, game, action, side, choice }) as DraftAction;

describe('openChoices', () => {
  it('lets a blind ban repeat the other side’s, never the side’s own', () => {
    const actions = [act(1, 0, 'global_ban', 1, 'shelly'), act(1, 0, 'global_ban', 2, 'colt')];
    expect(openChoices(draft({ step: 2 }), actions, brawlers, 1).map((c) => c.id)).toEqual([
      'colt',
      'bull',
      'brock',
      'spike',
    ]);
    expect(hasChosen(draft({ step: 1 }), actions, 2)).toBe(true);
  });

  it('keeps out the set’s bans and this game’s bans and picks, not another game’s', () => {
    const actions = [
      act(1, 0, 'global_ban', 1, 'shelly'),
      act(2, 1, 'ban', 1, 'colt'),
      act(3, 1, 'pick', 2, 'bull'),
      act(9, 2, 'pick', 1, 'brock'),
    ];
    const open = (game: number) => openChoices(draft({ game, action: 'pick', side: 1 }), actions, brawlers, 1);
    expect(open(1).map((c) => c.id)).toEqual(['brock', 'spike']);
    expect(open(2).map((c) => c.id)).toEqual(['colt', 'bull', 'spike']);
  });

  it('offers the pool’s maps not yet banned or played, named as the database names them', () => {
    const actions = [act(3, 0, 'map_ban', 1, 'Heist: Safe Zone')];
    expect(openChoices(draft({ action: 'map_pick', side: 2 }), actions, brawlers, 2)).toEqual([
      { id: 'Hideout', label: 'Hideout' },
    ]);
  });
});

describe('draftGames', () => {
  it('groups the choices by game in step order', () => {
    const games = draftGames([
      act(4, 1, 'pick', 2, 'b'),
      act(1, 0, 'global_ban', 2, 'a'),
      act(1, 0, 'global_ban', 1, 'c'),
    ]);
    expect([...games.keys()]).toEqual([0, 1]);
    expect(games.get(0)!.map((a) => a.choice)).toEqual(['c', 'a']);
  });
});
