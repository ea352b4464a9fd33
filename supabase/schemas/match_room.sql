-- The match room: the lobby where the two teams meet in the game (the host captain's friendly-room
-- code, each team's "ready"), and the draft the organiser set for the round: map bans and picks from
-- the round's pool, blind global bans, then per game bans and picks. Whose turn it is, what is legal,
-- what stays hidden from whom and each step's deadline are all decided here, so the Data API and
-- Realtime show each viewer only what they may see and a closed laptop cannot stall a match.

-- ============================================================================================
-- Brawlers and maps (data: supabase/data/*.json, written here by `npm run gen:game-data`)
-- ============================================================================================

create function public.brawlers()
returns table (id text, name text, rarity text, class text)
language sql
immutable
parallel safe
set search_path = ''
as $$
  values
    -- generated:brawlers:start
    ('8-bit', '8-Bit', 'Super Rare', 'Damage Dealer')
    ,('amber', 'Amber', 'Legendary', 'Controller')
    ,('angelo', 'Angelo', 'Epic', 'Marksman')
    ,('ash', 'Ash', 'Epic', 'Tank')
    ,('barley', 'Barley', 'Rare', 'Artillery')
    ,('bea', 'Bea', 'Epic', 'Marksman')
    ,('belle', 'Belle', 'Epic', 'Marksman')
    ,('berry', 'Berry', 'Epic', 'Support')
    ,('bibi', 'Bibi', 'Epic', 'Tank')
    ,('bo', 'Bo', 'Epic', 'Controller')
    ,('bonnie', 'Bonnie', 'Epic', 'Marksman')
    ,('brock', 'Brock', 'Rare', 'Marksman')
    ,('bull', 'Bull', 'Rare', 'Tank')
    ,('buster', 'Buster', 'Mythic', 'Tank')
    ,('buzz', 'Buzz', 'Mythic', 'Assassin')
    ,('byron', 'Byron', 'Mythic', 'Support')
    ,('carl', 'Carl', 'Super Rare', 'Damage Dealer')
    ,('charlie', 'Charlie', 'Mythic', 'Controller')
    ,('chester', 'Chester', 'Legendary', 'Damage Dealer')
    ,('chuck', 'Chuck', 'Mythic', 'Controller')
    ,('clancy', 'Clancy', 'Mythic', 'Damage Dealer')
    ,('colette', 'Colette', 'Epic', 'Damage Dealer')
    ,('colt', 'Colt', 'Rare', 'Damage Dealer')
    ,('cordelius', 'Cordelius', 'Legendary', 'Assassin')
    ,('crow', 'Crow', 'Legendary', 'Assassin')
    ,('darryl', 'Darryl', 'Super Rare', 'Tank')
    ,('doug', 'Doug', 'Mythic', 'Support')
    ,('draco', 'Draco', 'Legendary', 'Tank')
    ,('dynamike', 'Dynamike', 'Super Rare', 'Artillery')
    ,('edgar', 'Edgar', 'Epic', 'Assassin')
    ,('el-primo', 'El Primo', 'Rare', 'Tank')
    ,('emz', 'Emz', 'Epic', 'Controller')
    ,('eve', 'Eve', 'Mythic', 'Damage Dealer')
    ,('fang', 'Fang', 'Mythic', 'Assassin')
    ,('frank', 'Frank', 'Epic', 'Tank')
    ,('gale', 'Gale', 'Epic', 'Controller')
    ,('gene', 'Gene', 'Mythic', 'Support')
    ,('gray', 'Gray', 'Mythic', 'Support')
    ,('griff', 'Griff', 'Epic', 'Controller')
    ,('grom', 'Grom', 'Epic', 'Artillery')
    ,('gus', 'Gus', 'Super Rare', 'Support')
    ,('hank', 'Hank', 'Epic', 'Tank')
    ,('jacky', 'Jacky', 'Super Rare', 'Tank')
    ,('janet', 'Janet', 'Mythic', 'Marksman')
    ,('jessie', 'Jessie', 'Super Rare', 'Controller')
    ,('juju', 'Juju', 'Mythic', 'Artillery')
    ,('kaze', 'Kaze', 'Ultra Legendary', 'Assassin')
    ,('kenji', 'Kenji', 'Legendary', 'Assassin')
    ,('kit', 'Kit', 'Legendary', 'Support')
    ,('larry-lawrie', 'Larry & Lawrie', 'Epic', 'Artillery')
    ,('leon', 'Leon', 'Legendary', 'Assassin')
    ,('lily', 'Lily', 'Mythic', 'Assassin')
    ,('lola', 'Lola', 'Epic', 'Damage Dealer')
    ,('lou', 'Lou', 'Mythic', 'Controller')
    ,('maisie', 'Maisie', 'Epic', 'Marksman')
    ,('mandy', 'Mandy', 'Epic', 'Marksman')
    ,('max', 'Max', 'Mythic', 'Support')
    ,('meeple', 'Meeple', 'Mythic', 'Controller')
    ,('meg', 'Meg', 'Legendary', 'Tank')
    ,('melodie', 'Melodie', 'Mythic', 'Assassin')
    ,('mico', 'Mico', 'Mythic', 'Assassin')
    ,('moe', 'Moe', 'Mythic', 'Damage Dealer')
    ,('mortis', 'Mortis', 'Mythic', 'Assassin')
    ,('mr-p', 'Mr. P', 'Mythic', 'Controller')
    ,('nani', 'Nani', 'Epic', 'Marksman')
    ,('nita', 'Nita', 'Rare', 'Damage Dealer')
    ,('ollie', 'Ollie', 'Mythic', 'Tank')
    ,('otis', 'Otis', 'Mythic', 'Controller')
    ,('pam', 'Pam', 'Epic', 'Support')
    ,('pearl', 'Pearl', 'Epic', 'Damage Dealer')
    ,('penny', 'Penny', 'Super Rare', 'Controller')
    ,('piper', 'Piper', 'Epic', 'Marksman')
    ,('poco', 'Poco', 'Rare', 'Support')
    ,('r-t', 'R-T', 'Mythic', 'Marksman')
    ,('rico', 'Rico', 'Super Rare', 'Damage Dealer')
    ,('rosa', 'Rosa', 'Rare', 'Tank')
    ,('ruffs', 'Ruffs', 'Mythic', 'Support')
    ,('sam', 'Sam', 'Epic', 'Assassin')
    ,('sandy', 'Sandy', 'Legendary', 'Controller')
    ,('shade', 'Shade', 'Epic', 'Assassin')
    ,('shelly', 'Shelly', 'Starting', 'Damage Dealer')
    ,('spike', 'Spike', 'Legendary', 'Damage Dealer')
    ,('sprout', 'Sprout', 'Mythic', 'Artillery')
    ,('squeak', 'Squeak', 'Mythic', 'Controller')
    ,('stu', 'Stu', 'Epic', 'Assassin')
    ,('surge', 'Surge', 'Legendary', 'Damage Dealer')
    ,('tara', 'Tara', 'Mythic', 'Controller')
    ,('tick', 'Tick', 'Super Rare', 'Artillery')
    ,('trunk', 'Trunk', 'Epic', 'Tank')
    ,('willow', 'Willow', 'Mythic', 'Controller')
    -- generated:brawlers:end
$$;
comment on function public.brawlers() is
  'The Brawl Stars roster the draft offers (supabase/data/brawlers.json): a stable id, name, rarity, class.';
revoke all on function public.brawlers() from public, anon, authenticated, service_role;
grant execute on function public.brawlers() to anon, authenticated, service_role;

create function public.brawl_maps()
returns table (mode text, map text)
language sql
immutable
parallel safe
set search_path = ''
as $$
  values
    -- generated:maps:start
    ('Gem Grab', 'Hard Rock Mine')
    ,('Gem Grab', 'Crystal Arcade')
    ,('Gem Grab', 'Undermine')
    ,('Gem Grab', 'Double Swoosh')
    ,('Gem Grab', 'Gem Fort')
    ,('Gem Grab', 'Last Stop')
    ,('Brawl Ball', 'Backyard Bowl')
    ,('Brawl Ball', 'Center Stage')
    ,('Brawl Ball', 'Pinball Dreams')
    ,('Brawl Ball', 'Sneaky Fields')
    ,('Brawl Ball', 'Super Beach')
    ,('Brawl Ball', 'Triple Dribble')
    ,('Heist', 'Bridge Too Far')
    ,('Heist', 'Hot Potato')
    ,('Heist', 'Kaboom Canyon')
    ,('Heist', 'Safe Zone')
    ,('Bounty', 'Dry Season')
    ,('Bounty', 'Hideout')
    ,('Bounty', 'Layer Cake')
    ,('Bounty', 'Shooting Star')
    ,('Knockout', 'Belle''s Rock')
    ,('Knockout', 'Flaring Phoenix')
    ,('Knockout', 'Goldarm Gulch')
    ,('Knockout', 'New Perspective')
    ,('Knockout', 'Out in the Open')
    ,('Hot Zone', 'Dueling Beetles')
    ,('Hot Zone', 'Open Business')
    ,('Hot Zone', 'Parallel Plays')
    ,('Hot Zone', 'Ring of Fire')
    -- generated:maps:end
$$;
comment on function public.brawl_maps() is
  'Maps per mode offered when building a round''s map pool (supabase/data/maps.json); other names are accepted too.';
revoke all on function public.brawl_maps() from public, anon, authenticated, service_role;
grant execute on function public.brawl_maps() to anon, authenticated, service_role;

-- ============================================================================================
-- Tables
-- ============================================================================================

create table public.round_drafts (
  tournament_id uuid not null references public.tournaments (id) on delete cascade,
  bracket text not null,
  round integer not null,
  kind text not null default 'off' constraint round_drafts_kind_check check (kind in ('off', 'maps', 'full')),
  -- [{"mode": ..., "map": ...}]; empty: the round's games as set_round_settings set them.
  map_pool jsonb not null default '[]' constraint round_drafts_map_pool_is_array check (jsonb_typeof(map_pool) = 'array'),
  map_bans smallint not null default 0 constraint round_drafts_map_bans_range check (map_bans between 0 and 3),
  global_bans smallint not null default 1 constraint round_drafts_global_bans_range check (global_bans between 0 and 5),
  game_bans smallint not null default 1 constraint round_drafts_game_bans_range check (game_bans between 0 and 3),
  -- Picks as A (the game's first picker) and B; null: snake for the team size (ABBAAB, ABBA, AB).
  pick_order text constraint round_drafts_pick_order_format check (pick_order ~ '^[AB]{2,6}$'),
  step_seconds integer not null default 30 constraint round_drafts_step_seconds_range check (step_seconds between 10 and 300),
  primary key (tournament_id, bracket, round)
);
comment on table public.round_drafts is
  'The draft the organiser set for a round: off, maps (map bans and picks) or full (also blind global bans, '
  'per-game bans and picks). Written only by set_round_draft.';

alter table public.round_drafts enable row level security;
revoke all on public.round_drafts from public, anon, authenticated, service_role;
grant select on public.round_drafts to anon, authenticated, service_role;

create table public.match_lobbies (
  match_id uuid primary key references public.matches (id) on delete cascade,
  tournament_id uuid not null references public.tournaments (id) on delete cascade,
  code text constraint match_lobbies_code_length check (char_length(code) between 3 and 200),
  posted_by uuid references auth.users (id) on delete set null,
  posted_at timestamptz,
  team1_ready_at timestamptz,
  team2_ready_at timestamptz,
  opened_at timestamptz not null default now()
);
comment on table public.match_lobbies is
  'Where the two teams meet in the game: the host captain''s friendly-room code or invite link and each '
  'team''s ready mark. Seen only by the two teams and the staff. Written by post_lobby and mark_ready.';
create index match_lobbies_tournament_id_idx on public.match_lobbies (tournament_id);

alter table public.match_lobbies enable row level security;
revoke all on public.match_lobbies from public, anon, authenticated, service_role;
grant select on public.match_lobbies to anon, authenticated, service_role;

create table public.match_drafts (
  match_id uuid primary key references public.matches (id) on delete cascade,
  tournament_id uuid not null references public.tournaments (id) on delete cascade,
  -- The round's draft settings when the draft started (a later change does not move a draft under way).
  settings jsonb not null,
  status text not null default 'drafting' constraint match_drafts_status_check check (status in ('drafting', 'playing', 'done')),
  step integer,
  game smallint not null default 0,
  -- The open step's action and side (0: both, blind), as private.draft_plan lists it.
  action text,
  side smallint,
  deadline timestamptz,
  -- Each finished game's winner (1 or 2), in order.
  winners smallint[] not null default '{}',
  started_at timestamptz not null default now()
);
comment on table public.match_drafts is
  'A match''s draft under way: its settings, the step and game it is at, the step''s deadline, the games'' '
  'winners. Public (spectators follow it); written only by the draft functions.';
comment on column public.match_drafts.status is
  'drafting (a step is open), playing (the game''s draft is done: its winner is awaited) or done.';
create index match_drafts_deadline_idx on public.match_drafts (deadline) where deadline is not null;

alter table public.match_drafts enable row level security;
revoke all on public.match_drafts from public, anon, authenticated, service_role;
grant select on public.match_drafts to anon, authenticated, service_role;

create table public.draft_actions (
  match_id uuid not null references public.matches (id) on delete cascade,
  tournament_id uuid not null references public.tournaments (id) on delete cascade,
  step integer not null,
  game smallint not null,
  action text not null constraint draft_actions_action_check check (action in ('global_ban', 'map_ban', 'map_pick', 'ban', 'pick')),
  side smallint not null constraint draft_actions_side_check check (side in (1, 2)),
  team_id uuid references public.teams (id) on delete set null,
  choice text not null constraint draft_actions_choice_length check (char_length(choice) between 1 and 120),
  -- A blind ban is hidden from the other team and spectators until both teams' bans are in.
  revealed boolean not null default true,
  auto boolean not null default false,
  acted_by uuid references auth.users (id) on delete set null,
  acted_at timestamptz not null default now(),
  primary key (match_id, step, side)
);
comment on table public.draft_actions is
  'Each choice of a draft: a brawler id (bans, picks) or "Mode: Map" (map steps), by which side, chosen by '
  'a captain or at the deadline (auto). A blind global ban stays unrevealed until both sides are in.';
create index draft_actions_team_id_idx on public.draft_actions (team_id);
create index draft_actions_tournament_id_idx on public.draft_actions (tournament_id);

alter table public.draft_actions enable row level security;
revoke all on public.draft_actions from public, anon, authenticated, service_role;
grant select on public.draft_actions to anon, authenticated, service_role;

-- ============================================================================================
-- Policies
-- ============================================================================================

-- Is the caller on one of this match's teams, or its tournament's staff?
create function private.in_match_room(p_match_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.matches m where m.id = p_match_id
      and ((m.team1_id is not null and private.is_team_member(m.team1_id))
           or (m.team2_id is not null and private.is_team_member(m.team2_id))
           or private.can_moderate(m.tournament_id)))
$$;
comment on function private.in_match_room(uuid) is
  'True for the members of the match''s two teams and its tournament''s staff.';
revoke all on function private.in_match_room(uuid) from public, anon, authenticated, service_role;
grant execute on function private.in_match_room(uuid) to authenticated;

create policy "Everyone can read the rounds' draft settings"
  on public.round_drafts for select to anon, authenticated
  using (true);

create policy "The two teams and the staff can read their match's lobby"
  on public.match_lobbies for select to authenticated
  using ((select private.in_match_room(match_id)));

create policy "Everyone can follow a match's draft"
  on public.match_drafts for select to anon, authenticated
  using (true);

-- anon never reaches the second branch (is_team_member is not granted to it, and it is on no team).
create policy "Everyone can read revealed draft choices"
  on public.draft_actions for select to anon
  using (revealed);

create policy "Players read revealed choices and their own team's blind bans"
  on public.draft_actions for select to authenticated
  using (revealed or (team_id is not null and (select private.is_team_member(team_id)))
         or (select private.can_moderate(tournament_id)));

-- ============================================================================================
-- The plan: every step of a set, from the settings and the games' winners
-- ============================================================================================

-- Pure: the steps known so far. Game 0 holds the set's steps (blind global bans, side 0 = both sides
-- at once; map bans alternating from side 1). Game n opens once game n - 1 has a winner and the set
-- is not won: the loser of the previous game (side 2 for game 1) picks its map, the other side picks
-- first; bans alternate from the first picker, then picks follow pick_order (A = first picker).
create function private.draft_plan(p_settings jsonb, p_best_of integer, p_winners smallint[])
returns table (step integer, game smallint, action text, side smallint)
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_kind text := p_settings->>'kind';
  v_map_draft boolean := (p_settings->>'map_draft')::boolean;
  v_order text := p_settings->>'pick_order';
  v_needed integer := p_best_of / 2 + 1;
  v_first smallint;
  v_loser smallint;
  v_i integer;
  v_g integer;
begin
  step := 0;
  if v_kind = 'full' then
    for v_i in 1 .. (p_settings->>'global_bans')::int loop
      step := step + 1; game := 0; action := 'global_ban'; side := 0; return next;
    end loop;
  end if;
  if v_map_draft then
    for v_i in 1 .. 2 * (p_settings->>'map_bans')::int loop
      step := step + 1; game := 0; action := 'map_ban'; side := case when v_i % 2 = 1 then 1 else 2 end; return next;
    end loop;
  end if;
  for v_g in 1 .. p_best_of loop
    if v_g > 1 then
      exit when coalesce(cardinality(p_winners), 0) < v_g - 1;
      exit when (select count(*) from unnest(p_winners[1:v_g - 1]) w where w = 1) >= v_needed
             or (select count(*) from unnest(p_winners[1:v_g - 1]) w where w = 2) >= v_needed;
      v_first := p_winners[v_g - 1];
    else
      v_first := 1;
    end if;
    v_loser := 3 - v_first;
    game := v_g;
    if v_map_draft then
      step := step + 1; action := 'map_pick'; side := v_loser; return next;
    end if;
    if v_kind = 'full' then
      for v_i in 1 .. 2 * (p_settings->>'game_bans')::int loop
        step := step + 1; action := 'ban'; side := case when v_i % 2 = 1 then v_first else v_loser end; return next;
      end loop;
      for v_i in 1 .. char_length(v_order) loop
        step := step + 1; action := 'pick';
        side := case when substr(v_order, v_i, 1) = 'A' then v_first else v_loser end; return next;
      end loop;
    end if;
  end loop;
end
$$;
comment on function private.draft_plan(jsonb, integer, smallint[]) is
  'The steps of a set''s draft known from its settings and the winners so far (side 0: both sides, blind).';
revoke all on function private.draft_plan(jsonb, integer, smallint[]) from public, anon, authenticated, service_role;

-- "Gem Grab: Hard Rock Mine" for a pool entry.
create function private.map_key(p_entry jsonb)
returns text
language sql
immutable
set search_path = ''
as $$ select concat_ws(': ', nullif(p_entry->>'mode', ''), nullif(p_entry->>'map', '')) $$;
comment on function private.map_key(jsonb) is 'How a map of the pool is named in a draft choice: "Mode: Map".';
revoke all on function private.map_key(jsonb) from public, anon, authenticated, service_role;

-- What side p_side may choose at a step of game p_game: brawlers not banned for the set nor, in the
-- game, banned or picked; blind bans: not already banned by the same side; maps of the pool not
-- banned or played.
create function private.draft_choices(p_match_id uuid, p_settings jsonb, p_game smallint, p_action text, p_side smallint)
returns setof text
language sql
stable
security definer
set search_path = ''
as $$
  select b.id from public.brawlers() b
  where p_action in ('ban', 'pick')
    and not exists (select 1 from public.draft_actions a where a.match_id = p_match_id and a.choice = b.id
                    and (a.action = 'global_ban' or (a.game = p_game and a.action in ('ban', 'pick'))))
  union all
  select b.id from public.brawlers() b
  where p_action = 'global_ban'
    and not exists (select 1 from public.draft_actions a where a.match_id = p_match_id and a.choice = b.id
                    and a.action = 'global_ban' and a.side = p_side)
  union all
  select private.map_key(e) from jsonb_array_elements(p_settings->'map_pool') e
  where p_action in ('map_ban', 'map_pick')
    and not exists (select 1 from public.draft_actions a where a.match_id = p_match_id and a.choice = private.map_key(e)
                    and a.action in ('map_ban', 'map_pick'))
$$;
comment on function private.draft_choices(uuid, jsonb, smallint, text, smallint) is
  'The legal choices of a side at a draft step.';
revoke all on function private.draft_choices(uuid, jsonb, smallint, text, smallint) from public, anon, authenticated, service_role;

-- Moves a draft on after a choice: when every side of its step is in, the next step opens with a
-- deadline counted from p_from (the moment the last step closed: now, or its own deadline when it
-- expired); the blind bans are revealed together once the last of them is in; with no step left the
-- draft waits for the game's winner (playing), or is done.
create function private.advance_draft(p_match_id uuid, p_from timestamptz)
returns public.match_drafts
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_draft public.match_drafts;
  v_best_of integer;
  v_next record;
begin
  select * into v_draft from public.match_drafts where match_id = p_match_id;
  select best_of into v_best_of from public.matches where id = p_match_id;
  select p.* into v_next from private.draft_plan(v_draft.settings, v_best_of, v_draft.winners) p
  where (select count(*) from public.draft_actions a where a.match_id = p_match_id and a.step = p.step)
        < case when p.side = 0 then 2 else 1 end
  order by p.step limit 1;
  if not exists (select 1 from private.draft_plan(v_draft.settings, v_best_of, v_draft.winners) p
                 where p.action = 'global_ban' and p.step >= coalesce(v_next.step, 2147483647)) then
    update public.draft_actions set revealed = true where match_id = p_match_id and not revealed;
  end if;
  if v_next.step is not null then
    update public.match_drafts set status = 'drafting', step = v_next.step, game = v_next.game, action = v_next.action, side = v_next.side,
      deadline = case when step is distinct from v_next.step then p_from + make_interval(secs => (settings->>'step_seconds')::int)
                      else deadline end
    where match_id = p_match_id returning * into v_draft;
  else
    update public.match_drafts set
      status = case when greatest((select count(*) from unnest(winners) w where w = 1),
                                  (select count(*) from unnest(winners) w where w = 2)) >= v_best_of / 2 + 1
                    then 'done' else 'playing' end,
      step = null, action = null, side = null, deadline = null
    where match_id = p_match_id returning * into v_draft;
  end if;
  return v_draft;
end
$$;
comment on function private.advance_draft(uuid, timestamptz) is
  'Opens the next step of a draft (its deadline from p_from), reveals blind bans once all are in, or waits '
  'for the game''s winner.';
revoke all on function private.advance_draft(uuid, timestamptz) from public, anon, authenticated, service_role;

-- Applies every step of a match's draft whose deadline has passed: a random legal choice for each side
-- that ran out, made at the deadline, then the next step counts from there.
create function private.expire_draft(p_match_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_draft public.match_drafts;
  v_step record;
  v_side smallint;
  v_choice text;
  v_count integer := 0;
begin
  loop
    select * into v_draft from public.match_drafts where match_id = p_match_id;
    exit when not found or v_draft.status <> 'drafting' or v_draft.deadline > now();
    select p.* into v_step from private.draft_plan(v_draft.settings, (select best_of from public.matches where id = p_match_id),
                                                   v_draft.winners) p where p.step = v_draft.step;
    for v_side in select s from unnest(case when v_step.side = 0 then array[1, 2]::smallint[] else array[v_step.side] end) s loop
      continue when exists (select 1 from public.draft_actions a where a.match_id = p_match_id and a.step = v_step.step and a.side = v_side);
      select c into v_choice from private.draft_choices(p_match_id, v_draft.settings, v_step.game, v_step.action, v_side) c
      order by random() limit 1;
      insert into public.draft_actions (match_id, tournament_id, step, game, action, side, team_id, choice, revealed, auto, acted_at)
      select p_match_id, m.tournament_id, v_step.step, v_step.game, v_step.action, v_side,
             case v_side when 1 then m.team1_id else m.team2_id end, v_choice, v_step.action <> 'global_ban', true, v_draft.deadline
      from public.matches m where m.id = p_match_id;
      v_count := v_count + 1;
    end loop;
    perform private.advance_draft(p_match_id, v_draft.deadline);
  end loop;
  return v_count;
end
$$;
comment on function private.expire_draft(uuid) is
  'Makes a random legal choice for each side that let a step''s deadline pass, step after step until now.';
revoke all on function private.expire_draft(uuid) from public, anon, authenticated, service_role;

-- The scheduled job (the clock: public.notify_clock, every 15 s under npm start and pg_cron on hosted)
-- and anyone looking at a match whose deadline passed: every overdue draft moves on.
create function private.expire_draft_steps()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_match_id uuid;
  v_count integer := 0;
begin
  for v_match_id in select d.match_id from public.match_drafts d where d.deadline <= now() order by d.deadline loop
    -- A draft a captain is acting on is left to them (they expire it first themselves).
    perform 1 from public.matches where id = v_match_id for update skip locked;
    continue when not found;
    v_count := v_count + private.expire_draft(v_match_id);
  end loop;
  return v_count;
end
$$;
comment on function private.expire_draft_steps() is
  'Applies every overdue draft step of every match (the scheduled job); returns the choices made.';
revoke all on function private.expire_draft_steps() from public, anon, authenticated, service_role;

-- ============================================================================================
-- Settings: the organiser sets a round's draft
-- ============================================================================================

create function public.set_round_draft(p_tournament_id uuid, p_bracket text, p_round integer, p_kind text,
                                       p_map_pool jsonb default '[]', p_map_bans integer default 0,
                                       p_global_bans integer default 1, p_game_bans integer default 1,
                                       p_pick_order text default null, p_step_seconds integer default 30)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_tournament public.tournaments;
  v_size integer;
  v_best_of integer;
  v_entry jsonb;
  v_pool jsonb := '[]';
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    perform private.fail('tournament_not_found');
  end if;
  if not private.can_moderate(p_tournament_id) then
    perform private.fail('staff_only');
  end if;
  if p_kind is null or p_kind not in ('off', 'maps', 'full') then
    perform private.fail('draft_kind_invalid');
  end if;
  select max(m.best_of) into v_best_of from public.matches m
  where m.tournament_id = p_tournament_id and m.bracket = p_bracket and m.round = p_round;
  if v_best_of is null then
    perform private.fail('round_not_in_bracket');
  end if;
  v_size := left(v_tournament.type, 1)::int;
  if p_pick_order is not null and (p_pick_order !~ '^[AB]{2,6}$' or char_length(p_pick_order) <> 2 * v_size
       or char_length(replace(p_pick_order, 'B', '')) <> v_size) then
    perform private.fail('draft_pick_order_invalid', v_size::text);
  end if;
  if p_step_seconds is null or p_step_seconds not between 10 and 300 then
    perform private.fail('draft_timer_invalid');
  end if;
  if p_map_bans is null or p_map_bans not between 0 and 3 or p_global_bans is null or p_global_bans not between 0 and 5
     or p_game_bans is null or p_game_bans not between 0 and 3 then
    perform private.fail('draft_bans_invalid');
  end if;
  p_map_pool := coalesce(p_map_pool, '[]');
  if jsonb_typeof(p_map_pool) <> 'array' or jsonb_array_length(p_map_pool) > 20 then
    perform private.fail('games_list_invalid');
  end if;
  for v_entry in select * from jsonb_array_elements(p_map_pool) loop
    if jsonb_typeof(v_entry) <> 'object' or exists (select 1 from jsonb_object_keys(v_entry) k where k not in ('mode', 'map'))
       or jsonb_typeof(v_entry->'map') is distinct from 'string' or char_length(private.trim_space(v_entry->>'map')) not between 1 and 50
       or private.has_invisible(v_entry->>'map')
       or (v_entry ? 'mode' and jsonb_typeof(v_entry->'mode') <> 'null'
           and (jsonb_typeof(v_entry->'mode') <> 'string' or v_entry->>'mode' <> all (private.brawl_modes()))) then
      perform private.fail('games_list_invalid');
    end if;
    v_entry := jsonb_build_object('mode', nullif(v_entry->>'mode', ''), 'map', private.trim_space(v_entry->>'map'));
    if not v_pool @> jsonb_build_array(v_entry) then
      v_pool := v_pool || jsonb_build_array(v_entry);
    end if;
  end loop;
  if p_kind = 'maps' and jsonb_array_length(v_pool) < v_best_of + 2 * p_map_bans then
    perform private.fail('draft_pool_too_small', (v_best_of + 2 * p_map_bans)::text, v_best_of::text);
  end if;
  if exists (select 1 from public.match_drafts d join public.matches m on m.id = d.match_id
             where m.tournament_id = p_tournament_id and m.bracket = p_bracket and m.round = p_round) then
    perform private.fail('draft_round_started');
  end if;
  insert into public.round_drafts (tournament_id, bracket, round, kind, map_pool, map_bans, global_bans, game_bans, pick_order, step_seconds)
  values (p_tournament_id, p_bracket, p_round, p_kind, v_pool, p_map_bans, p_global_bans, p_game_bans, p_pick_order, p_step_seconds)
  on conflict (tournament_id, bracket, round) do update set
    kind = excluded.kind, map_pool = excluded.map_pool, map_bans = excluded.map_bans, global_bans = excluded.global_bans,
    game_bans = excluded.game_bans, pick_order = excluded.pick_order, step_seconds = excluded.step_seconds;
end
$$;
comment on function public.set_round_draft(uuid, text, integer, text, jsonb, integer, integer, integer, text, integer) is
  'Staff: a round''s draft (off, maps, full), its map pool ([{mode, map}], empty: the round''s games), map bans '
  'per side, blind global bans per side, bans per game per side, the pick order (A = first picker; default '
  'snake) and the seconds per step. Fixed once a match of the round has started its draft.';
revoke all on function public.set_round_draft(uuid, text, integer, text, jsonb, integer, integer, integer, text, integer) from public, anon, authenticated, service_role;
grant execute on function public.set_round_draft(uuid, text, integer, text, jsonb, integer, integer, integer, text, integer) to authenticated, service_role;

-- ============================================================================================
-- The lobby
-- ============================================================================================

-- Locks a match for its room (the match row only: two captains at once are serialised) and says
-- which side the caller captains (1, 2), or 0 for the staff.
create function private.lock_match_room(p_match_id uuid, p_staff boolean default false, out room_match public.matches, out side smallint)
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform private.fail('sign_in_required');
  end if;
  select * into room_match from public.matches where id = p_match_id for update;
  if not found then
    perform private.fail('match_not_found');
  end if;
  if room_match.team1_id is null or room_match.team2_id is null then
    perform private.fail('match_waiting');
  end if;
  side := case
    when exists (select 1 from public.teams t where t.id = room_match.team1_id and t.registered_by = (select auth.uid())) then 1
    when exists (select 1 from public.teams t where t.id = room_match.team2_id and t.registered_by = (select auth.uid())) then 2
    when p_staff and private.can_moderate(room_match.tournament_id) then 0
  end;
  if side is null then
    perform private.fail('match_room_captains_only');
  end if;
  if room_match.confirmed_at is not null then
    perform private.fail('result_confirmed');
  end if;
  if exists (select 1 from public.tournaments t where t.id = room_match.tournament_id and t.cancelled_at is not null) then
    perform private.fail('tournament_cancelled');
  end if;
end
$$;
comment on function private.lock_match_room(uuid, boolean) is
  'Locks a match still to play for one of its captains (side 1 or 2) or, when allowed, its staff (side 0).';
revoke all on function private.lock_match_room(uuid, boolean) from public, anon, authenticated, service_role;

-- The host posts the room: the higher seed (the lower seed number; team 1 when neither has one).
create function public.lobby_host(m public.matches)
returns smallint
language sql
stable
security definer
set search_path = ''
as $$
  select case when coalesce(t2.seed, 2147483647) < coalesce(t1.seed, 2147483647) then 2 else 1 end::smallint
  from public.matches x left join public.teams t1 on t1.id = x.team1_id left join public.teams t2 on t2.id = x.team2_id
  where x.id = m.id
$$;
comment on function public.lobby_host(matches) is 'Which side''s captain posts the room code: the higher seed (1 or 2).';
revoke all on function public.lobby_host(matches) from public, anon, authenticated, service_role;
grant execute on function public.lobby_host(matches) to anon, authenticated, service_role;

create function public.post_lobby(p_match_id uuid, p_code text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_room record;
  v_code text := private.trim_space(p_code);
begin
  if p_code is null or char_length(p_code) > 200 or char_length(v_code) < 3 or v_code ~ '\s' or private.has_invisible(v_code) then
    perform private.fail('lobby_code_invalid');
  end if;
  v_room := private.lock_match_room(p_match_id, true);
  if v_room.side <> 0 and v_room.side <> public.lobby_host(v_room.room_match) then
    perform private.fail('lobby_host_only');
  end if;
  insert into public.match_lobbies (match_id, tournament_id, code, posted_by, posted_at)
  values (p_match_id, (v_room.room_match).tournament_id, v_code, (select auth.uid()), now())
  on conflict (match_id) do update set code = excluded.code, posted_by = excluded.posted_by, posted_at = excluded.posted_at;
end
$$;
comment on function public.post_lobby(uuid, text) is
  'The host captain (the higher seed) or the staff post the friendly-room code or invite link (3 to 200 '
  'characters, no spaces); the two teams and the staff see it at once.';
revoke all on function public.post_lobby(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.post_lobby(uuid, text) to authenticated, service_role;

-- Each captain marks their team ready; once both are, the round's draft (if any) starts.
create function public.mark_ready(p_match_id uuid, p_ready boolean default true)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_room record;
  v_lobby public.match_lobbies;
  v_round public.round_drafts;
  v_pool jsonb;
  v_size integer;
begin
  v_room := private.lock_match_room(p_match_id);
  insert into public.match_lobbies (match_id, tournament_id) values (p_match_id, (v_room.room_match).tournament_id)
  on conflict (match_id) do nothing;
  if exists (select 1 from public.match_drafts where match_id = p_match_id) then
    return; -- Ready for good once the draft has started.
  end if;
  update public.match_lobbies set
    team1_ready_at = case when v_room.side = 1 then case when p_ready then coalesce(team1_ready_at, now()) end else team1_ready_at end,
    team2_ready_at = case when v_room.side = 2 then case when p_ready then coalesce(team2_ready_at, now()) end else team2_ready_at end
  where match_id = p_match_id returning * into v_lobby;
  if v_lobby.team1_ready_at is null or v_lobby.team2_ready_at is null then
    return;
  end if;
  select * into v_round from public.round_drafts r where r.tournament_id = (v_room.room_match).tournament_id
    and r.bracket = (v_room.room_match).bracket and r.round = (v_room.room_match).round;
  if not found or v_round.kind = 'off' then
    return;
  end if;
  v_pool := case when jsonb_array_length(v_round.map_pool) > 0 then v_round.map_pool
                 else (select coalesce(jsonb_agg(e), '[]') from jsonb_array_elements((v_room.room_match).maps) e where e->>'map' is not null) end;
  v_size := (select left(t.type, 1)::int from public.tournaments t where t.id = (v_room.room_match).tournament_id);
  insert into public.match_drafts (match_id, tournament_id, settings)
  values (p_match_id, (v_room.room_match).tournament_id, jsonb_build_object(
    'kind', v_round.kind, 'map_pool', v_pool, 'map_bans', v_round.map_bans,
    'map_draft', jsonb_array_length(v_pool) >= (v_room.room_match).best_of + 2 * v_round.map_bans,
    'global_bans', v_round.global_bans, 'game_bans', v_round.game_bans,
    -- By default the snake cut to the team size: ABBAAB (3v3), ABBA (2v2), AB (1v1).
    'pick_order', coalesce(v_round.pick_order, left('ABBAAB', 2 * v_size)),
    'step_seconds', v_round.step_seconds));
  perform private.advance_draft(p_match_id, now());
end
$$;
comment on function public.mark_ready(uuid, boolean) is
  'A captain marks their team ready (or not yet); when both are, the round''s draft starts with its first step.';
revoke all on function public.mark_ready(uuid, boolean) from public, anon, authenticated, service_role;
grant execute on function public.mark_ready(uuid, boolean) to authenticated, service_role;

-- ============================================================================================
-- The draft
-- ============================================================================================

-- One choice of a captain at step p_step (the step they saw: a click on a step already taken is
-- refused, not applied to the next one). Overdue steps are applied first.
create function public.draft_act(p_match_id uuid, p_step integer, p_choice text)
returns public.match_drafts
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_room record;
  v_draft public.match_drafts;
  v_step record;
begin
  if p_step is null or p_choice is null or char_length(p_choice) not between 1 and 120 then
    perform private.fail('draft_choice_invalid');
  end if;
  v_room := private.lock_match_room(p_match_id);
  perform private.expire_draft(p_match_id);
  select * into v_draft from public.match_drafts where match_id = p_match_id;
  if not found then
    perform private.fail('draft_not_started');
  end if;
  if v_draft.status = 'done' then
    perform private.fail('draft_done');
  end if;
  if v_draft.status = 'playing' then
    perform private.fail(case when p_step <= (select max(a.step) from public.draft_actions a where a.match_id = p_match_id)
                              then 'draft_step_taken' else 'draft_waiting_for_game' end);
  end if;
  if p_step < v_draft.step then
    perform private.fail('draft_step_taken');
  end if;
  select p.* into v_step from private.draft_plan(v_draft.settings, (v_room.room_match).best_of, v_draft.winners) p where p.step = v_draft.step;
  if p_step > v_draft.step or v_step.side not in (0, v_room.side) then
    perform private.fail('draft_not_your_turn');
  end if;
  if exists (select 1 from public.draft_actions a where a.match_id = p_match_id and a.step = p_step and a.side = v_room.side) then
    perform private.fail('draft_one_choice');
  end if;
  if not exists (select 1 from private.draft_choices(p_match_id, v_draft.settings, v_step.game, v_step.action, v_room.side) c
                 where c = p_choice) then
    if v_step.action in ('map_ban', 'map_pick') then
      perform private.fail('draft_map_unavailable');
    elsif not exists (select 1 from public.brawlers() b where b.id = p_choice) then
      perform private.fail('draft_brawler_unknown');
    elsif exists (select 1 from public.draft_actions a where a.match_id = p_match_id and a.choice = p_choice
                  and a.action in ('global_ban', 'ban') and (a.game = v_step.game or a.action = 'global_ban')) then
      perform private.fail('draft_brawler_banned');
    end if;
    perform private.fail('draft_brawler_taken');
  end if;
  insert into public.draft_actions (match_id, tournament_id, step, game, action, side, team_id, choice, revealed, acted_by)
  values (p_match_id, (v_room.room_match).tournament_id, p_step, v_step.game, v_step.action, v_room.side,
          case v_room.side when 1 then (v_room.room_match).team1_id else (v_room.room_match).team2_id end, p_choice,
          v_step.action <> 'global_ban', (select auth.uid()));
  return private.advance_draft(p_match_id, now());
end
$$;
comment on function public.draft_act(uuid, integer, text) is
  'A captain''s choice at a draft step (a brawler id, or "Mode: Map" for map steps): refused out of turn, for '
  'a step already taken, a second choice in one step, a banned or taken brawler, a map not available.';
revoke all on function public.draft_act(uuid, integer, text) from public, anon, authenticated, service_role;
grant execute on function public.draft_act(uuid, integer, text) to authenticated, service_role;

-- Either captain (or the staff) records who won the game just drafted; the next game's draft opens.
-- The match's result is still reported and confirmed as before (report_match, confirm_match).
create function public.record_game(p_match_id uuid, p_game integer, p_winner integer)
returns public.match_drafts
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_room record;
  v_draft public.match_drafts;
begin
  if p_winner is null or p_winner not in (1, 2) then
    perform private.fail('game_winner_required');
  end if;
  v_room := private.lock_match_room(p_match_id, true);
  perform private.expire_draft(p_match_id);
  select * into v_draft from public.match_drafts where match_id = p_match_id;
  if not found then
    perform private.fail('draft_not_started');
  end if;
  if p_game is null or p_game <= cardinality(v_draft.winners) then
    perform private.fail('game_recorded');
  end if;
  if v_draft.status = 'done' then
    perform private.fail('draft_done');
  end if;
  if p_game > cardinality(v_draft.winners) + 1 or v_draft.status <> 'playing' then
    perform private.fail('game_still_drafting');
  end if;
  update public.match_drafts set winners = winners || p_winner::smallint where match_id = p_match_id;
  return private.advance_draft(p_match_id, now());
end
$$;
comment on function public.record_game(uuid, integer, integer) is
  'A captain or the staff record the winner (1 or 2) of the game whose draft is done; the next game''s '
  'draft opens (the loser picks its map). Once only per game.';
revoke all on function public.record_game(uuid, integer, integer) from public, anon, authenticated, service_role;
grant execute on function public.record_game(uuid, integer, integer) to authenticated, service_role;

-- Anyone watching a match whose step deadline passed applies it (the page calls this at zero).
create function public.draft_tick(p_match_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.match_drafts d where d.match_id = p_match_id and d.deadline <= now()) then
    return 0;
  end if;
  perform 1 from public.matches where id = p_match_id for update;
  return private.expire_draft(p_match_id);
end
$$;
comment on function public.draft_tick(uuid) is
  'Applies a match''s overdue draft steps (random legal choices at each deadline); nothing when none is due.';
revoke all on function public.draft_tick(uuid) from public, anon, authenticated, service_role;
grant execute on function public.draft_tick(uuid) to anon, authenticated, service_role;

-- ============================================================================================
-- Live updates
-- ============================================================================================

-- Spectators follow the draft; the two teams and the staff the lobby (RLS keeps each to its rows).
alter publication supabase_realtime add table public.match_lobbies, public.match_drafts, public.draft_actions;
