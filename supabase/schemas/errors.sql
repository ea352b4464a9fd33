-- Errors: every rule that refuses raises one of the codes below (SQLSTATE class BC, and PT429 for a
-- limit, which PostgREST answers with HTTP 429), through private.fail(name, args...). The message is
-- written for players and shown as it is; `detail` carries the arguments as a JSON array (a player
-- number, a player ID) and `hint` the field the error belongs to, where one applies. The app maps
-- codes, never sentences: src/lib/database-errors.ts is generated from this catalogue by
-- `npm run gen:types`, and the wording the seed requires is kept exactly.

-- ============================================================================================
-- The catalogue
-- ============================================================================================

create function private.error_catalog()
returns table (code text, name text, message text, field text)
language sql
immutable
parallel safe
set search_path = ''
as $$
  values
    -- Accounts and permissions
    ('BC001', 'sign_in_required', 'Please sign in.', null),
    ('BC002', 'admin_only', 'Only an administrator can do that.', null),
    ('BC003', 'tournament_not_found', 'This tournament no longer exists.', null),
    ('BC004', 'tournament_cancelled', 'This tournament was cancelled.', null),
    -- Profiles
    ('BC101', 'username_length', 'Username must be between 2 and 30 characters.', 'username'),
    ('BC102', 'username_invisible', 'Username cannot contain invisible characters.', 'username'),
    ('BC103', 'game_id_format', 'Invalid game ID format. Must be 9 characters with optional #.', 'game_id'),
    ('BC104', 'game_id_taken', 'That player ID belongs to another account.', 'game_id'),
    ('BC105', 'claim_not_started', 'Start the check of your player ID first.', 'game_id'),
    ('BC106', 'claim_expired', 'The check of your player ID expired: start it again.', 'game_id'),
    -- Arguments: the icon's name.
    ('BC107', 'claim_icon_mismatch', 'Your profile icon in the game is not %s yet: set it, then check again.', 'game_id'),
    -- Arguments: the player ID.
    ('BC108', 'player_id_unknown', 'No Brawl Stars player has the ID %s.', 'game_id'),
    ('BC109', 'verification_unavailable', 'Player IDs are not verified on this site.', null),
    -- Tournaments and their schedule
    ('BC201', 'tournament_name_fixed', 'Tournament name cannot be changed.', 'name'),
    ('BC202', 'tournament_type_fixed', 'The type cannot change while teams are registered.', 'type'),
    ('BC203', 'slots_below_registered', 'Slots cannot be fewer than the teams already registered.', 'slots'),
    ('BC204', 'cancellation_final', 'A cancelled tournament stays cancelled.', 'cancelled_at'),
    ('BC205', 'completed_not_cancellable', 'A completed tournament cannot be cancelled.', 'cancelled_at'),
    ('BC206', 'schedule_needs_start', 'Set a start time before the check-in and registration times.', 'starts_at'),
    ('BC207', 'start_in_past', 'The start time must be in the future.', 'starts_at'),
    ('BC208', 'checkin_opens_after_close', 'Check-in must open before it closes.', 'checkin_opens_at'),
    ('BC209', 'checkin_closes_after_start', 'Check-in must close by the start time.', 'checkin_closes_at'),
    ('BC210', 'registration_closes_after_checkin', 'Registration must close by the end of check-in.', 'registration_closes_at'),
    ('BC211', 'format_fixed', 'The format cannot change once the tournament has started.', 'format'),
    -- Registration and teams
    ('BC301', 'sign_in_to_register', 'Please sign in to register.', null),
    ('BC302', 'registration_closed', 'Registration is closed.', null),
    ('BC303', 'already_waitlisted', 'You are already on the waitlist.', null),
    ('BC304', 'already_registered', 'You have already registered for this tournament.', null),
    ('BC305', 'team_name_required', 'Team name is required.', 'team_name'),
    ('BC306', 'team_name_invisible', 'Team name cannot contain invisible characters.', 'team_name'),
    ('BC307', 'team_name_length', 'Team name must be 40 characters or fewer.', 'team_name'),
    ('BC308', 'solo_needs_one_player', 'A 1v1 registration needs exactly 1 player.', 'players'),
    ('BC309', 'team_needs_players', 'A %1$sv%1$s team needs exactly %1$s players.', 'players'),
    ('BC310', 'in_game_name_required', 'In-game name is required for player %s.', 'players.in_game_name'),
    ('BC311', 'in_game_name_invisible', 'In-game name for player %s cannot contain invisible characters.', 'players.in_game_name'),
    ('BC312', 'in_game_name_length', 'In-game name for player %s must be 30 characters or fewer.', 'players.in_game_name'),
    -- Arguments: the player's number (not in the message).
    ('BC313', 'player_id_format', 'Invalid player ID format. Must be 9 characters with optional #.', 'players.player_id'),
    -- Arguments: the player ID, then the player's number (not in the message).
    ('BC314', 'player_id_repeated', 'Player ID %s is entered more than once.', 'players.player_id'),
    ('BC315', 'player_id_registered', 'Player ID %s is already registered.', 'players.player_id'),
    ('BC316', 'tournament_full', 'The tournament is full', null),
    ('BC317', 'player_team_mismatch', 'A player must belong to the tournament of their team.', 'tournament_id'),
    ('BC318', 'registration_gone', 'This registration no longer exists.', null),
    ('BC319', 'captain_only_withdraw', 'Only the captain can withdraw the team.', null),
    ('BC320', 'withdrawals_closed', 'Withdrawals are closed.', null),
    ('BC321', 'not_on_team', 'You are not on this team.', null),
    ('BC322', 'captain_withdraws', 'Captains withdraw the team instead.', null),
    ('BC323', 'captain_only_change', 'Only the captain can change the team.', null),
    ('BC324', 'place_not_on_team', 'That place is not on this team.', 'slot'),
    ('BC325', 'place_taken', 'That place is already taken.', 'slot'),
    -- Arguments: the player ID, then the player's number (not in the message).
    ('BC326', 'player_id_owned', 'Player ID %s belongs to another account: register with your own.', 'players.player_id'),
    -- Arguments: the player's number (not in the message).
    ('BC327', 'player_tag_format', 'Invalid player ID: a Brawl Stars tag is # and 3 to 14 of 0289PYLQGRJCUV.', 'players.player_id'),
    ('BC328', 'no_account_to_accept', 'No account claims that place.', 'slot'),
    -- Check-in
    ('BC401', 'checkin_closed', 'Check-in is closed.', null),
    ('BC402', 'checkin_not_open', 'Check-in is not open yet.', null),
    ('BCP01', 'checkin_needs_start', 'Set a start time first: without one there is no check-in to close.', null),
    ('BC403', 'captain_only_checkin', 'Only the captain can check the team in.', null),
    ('BC404', 'checkin_needs_full_team', 'Name a player for every place before checking in.', null),
    ('BC405', 'tournament_started', 'The tournament has started.', null),
    -- Brackets: start, seeds and rounds
    ('BC501', 'admin_only_start', 'Only an administrator or a co-organiser of this tournament can start it.', null),
    ('BC502', 'seeding_invalid', 'Seeding is random, checkin or manual.', 'seeding'),
    ('BC503', 'completed_not_restartable', 'A completed tournament cannot be restarted.', null),
    ('BC504', 'already_started', 'The tournament has already started.', null),
    ('BC505', 'start_needs_two_teams', 'A tournament needs at least 2 checked-in teams to start.', null),
    ('BC506', 'groups_for_round_robin', 'Groups are for round robin, with at least 2 teams each.', 'group_size'),
    ('BC507', 'reset_final_for_double', 'The grand final reset is for double elimination: leave it on for other formats.', 'grand_final_reset'),
    ('BC508', 'admin_only_seed', 'Only an administrator or a co-organiser of this tournament can seed its teams.', null),
    ('BC509', 'admin_only_round_settings', 'Only an administrator or a co-organiser of this tournament can change a round''s settings.', null),
    ('BC510', 'best_of_invalid', 'A match is a best of 1, 3 or 5.', 'best_of'),
    ('BC511', 'games_list_invalid', 'The games are a list of a mode and a map each.', 'maps'),
    ('BC512', 'too_many_maps', 'A best of %1$s has at most %1$s games: remove the extra maps.', 'maps'),
    ('BC513', 'mode_invalid', 'The mode is one of Gem Grab, Brawl Ball, Heist, Bounty, Knockout, Hot Zone or Duels.', 'maps.mode'),
    ('BC514', 'duels_solo_only', 'Duels is a 1v1 mode: choose another mode for a %s tournament.', 'maps.mode'),
    ('BC515', 'map_name_invalid', 'A map name has at most 50 characters, without invisible ones.', 'maps.map'),
    ('BC516', 'rounds_completed', 'This tournament is completed: its rounds can no longer change.', null),
    ('BC517', 'round_not_in_bracket', 'This round is not in the bracket (rounds exist once the tournament has started).', null),
    ('BC518', 'round_has_result', 'This round has a result already: its settings can no longer change.', null),
    ('BC519', 'admin_only_reset', 'Only an administrator or a co-organiser of this tournament can reset it.', null),
    ('BC520', 'not_started', 'The tournament has not started.', null),
    ('BC521', 'reset_after_confirmed', 'A result is already confirmed: correct results instead of resetting the bracket.', null),
    -- Results
    ('BC601', 'match_not_found', 'This match no longer exists.', null),
    ('BC602', 'match_waiting', 'This match is waiting for its opponent.', null),
    ('BC603', 'captains_only', 'Only the two captains can report this match.', null),
    ('BC604', 'result_confirmed', 'This result is already confirmed.', null),
    ('BC605', 'result_disputed', 'This result is disputed: an administrator settles it.', null),
    ('BC606', 'games_required', 'Report at least one game.', 'games'),
    ('BC607', 'game_winner_required', 'Each game needs its winner.', 'games.winner'),
    ('BC608', 'best_of_score', 'A best of %s ends when a team wins %s games.', 'games'),
    ('BC609', 'nothing_to_confirm', 'This match has no result to confirm yet.', null),
    ('BC610', 'other_captain_confirms', 'The other captain confirms the result.', null),
    ('BC611', 'nothing_to_dispute', 'This match has no result to dispute yet.', null),
    ('BC612', 'other_captain_disputes', 'The other captain disputes the result.', null),
    ('BC613', 'dispute_comment_length', 'Say what is wrong in up to 500 characters.', 'comment'),
    ('BC614', 'admin_only_result', 'Only an administrator or this tournament''s staff can set a result.', null),
    ('BC615', 'reset_later_matches', 'Later matches were played after this result: confirm to reset them.', 'confirm_reset'),
    ('BC616', 'winner_not_in_match', 'The winner must be one of the two teams of this match.', 'winner_team_id'),
    ('BC617', 'forfeit_reason', 'The reason is forfeit or no_show.', 'reason'),
    ('BC618', 'admin_only_matches', 'Only an administrator or this tournament''s staff can list matches to settle.', null),
    ('BC619', 'game_invalid', 'Each game is its winner (1 or 2) and, if given, both teams'' scores from 0 to 100, the winner''s not lower.', 'games'),
    ('BC620', 'report_changed', 'The result was changed since you saw it: check it again, then confirm.', null),
    -- Notifications, push subscriptions and Discord webhooks
    -- Arguments: the kind (not in the message).
    ('BC801', 'notification_kind_unknown', 'This is not a kind of notification.', 'kind'),
    ('BC802', 'notification_not_found', 'This notification does not exist.', 'ids'),
    ('BC803', 'push_endpoint_invalid', 'This push subscription is not from a browser''s push service.', 'endpoint'),
    ('BC804', 'push_keys_invalid', 'This push subscription''s keys are not valid.', 'keys'),
    ('BC805', 'push_subscriptions_limit', 'Push is on in 10 browsers already: turn it off in one first.', null),
    ('BC806', 'discord_webhook_invalid', 'This is not a Discord channel webhook URL (https://discord.com/api/webhooks/...).', 'url'),
    -- Tournament staff
    ('BCS01', 'organisers_only_staff', 'Only an administrator or a co-organiser of this tournament can change its staff.', null),
    ('BCS02', 'staff_role_invalid', 'A staff member is a co-organiser or a moderator.', 'role'),
    -- Arguments: the username.
    ('BCS03', 'staff_username_unknown', 'No player has the username %s.', 'username'),
    ('BCS04', 'staff_username_ambiguous', 'Several players have the username %s: ask them to pick a unique one first.', 'username'),
    -- Swiss. Arguments: the cut or the rounds, and the checked-in teams.
    ('BCW01', 'swiss_cut_too_big', 'The top cut of %s is more than the %s checked-in teams: choose a smaller cut.', 'top_cut'),
    ('BCW02', 'swiss_too_many_rounds', 'A Swiss of %s rounds needs more than %s checked-in teams: choose fewer rounds.', 'swiss_rounds'),
    ('BCW04', 'swiss_settings_fixed', 'The Swiss rounds and top cut cannot change once the tournament has started.', 'swiss_rounds'),
    -- The match room: lobby and draft
    ('BC901', 'match_room_captains_only', 'Only the two captains of this match can do that.', null),
    ('BC902', 'staff_only', 'Only the tournament''s staff can do that.', null),
    ('BC903', 'lobby_code_invalid', 'The room code or invite link is 3 to 200 characters, without spaces.', 'code'),
    ('BC904', 'lobby_host_only', 'The host captain (the higher seed) posts the room code.', 'code'),
    ('BC905', 'draft_not_started', 'The draft has not started: both teams mark ready first.', null),
    ('BC906', 'draft_done', 'The draft of this match is over.', null),
    ('BC907', 'draft_not_your_turn', 'It is not your turn.', 'step'),
    ('BC908', 'draft_step_taken', 'That step is already taken.', 'step'),
    ('BC909', 'draft_one_choice', 'Your team has already chosen in this step.', 'step'),
    ('BC910', 'draft_choice_invalid', 'Choose one brawler or map.', 'choice'),
    ('BC911', 'draft_brawler_unknown', 'That is not a brawler.', 'choice'),
    ('BC912', 'draft_brawler_banned', 'That brawler is banned.', 'choice'),
    ('BC913', 'draft_brawler_taken', 'That brawler is already picked in this game.', 'choice'),
    ('BC914', 'draft_map_unavailable', 'That map is not in the pool, or it is already banned or played.', 'choice'),
    ('BC915', 'draft_waiting_for_game', 'This game''s draft is done: record its winner to draft the next one.', null),
    ('BC916', 'game_recorded', 'That game''s winner is already recorded.', 'game'),
    ('BC917', 'game_still_drafting', 'That game has not been drafted yet.', 'game'),
    ('BC918', 'draft_kind_invalid', 'The draft is off, maps or full.', 'kind'),
    -- Arguments: the team size.
    ('BC919', 'draft_pick_order_invalid', 'The pick order is A and B, %s times each.', 'pick_order'),
    ('BC920', 'draft_timer_invalid', 'Each step lasts 10 to 300 seconds.', 'step_seconds'),
    ('BC921', 'draft_bans_invalid', 'Bans per team: up to 3 maps, 5 global and 3 per game.', 'bans'),
    -- Arguments: the maps needed, the best-of.
    ('BC922', 'draft_pool_too_small', 'The map pool needs at least %s maps for these bans and a best of %s.', 'map_pool'),
    ('BC923', 'draft_round_started', 'A match of this round has started its draft: its settings are fixed.', null),
    -- Contact form
    ('BC701', 'one_message', 'Send one message at a time.', null),
    ('PT429', 'contact_rate_limited', 'You have sent too many messages. Please wait a few minutes and try again.', null)
$$;
comment on function private.error_catalog() is
  'Every error a rule raises: its SQLSTATE, its name, its message (format() placeholders) and its field.';
revoke all on function private.error_catalog() from public, anon, authenticated, service_role;
grant execute on function private.error_catalog() to anon, authenticated, service_role;

-- ============================================================================================
-- Raising
-- ============================================================================================

-- Raises the catalogue's error by name: its code, its message with the arguments filled in, the
-- arguments as JSON in `detail`, the field in `hint`. An unknown name is a bug in this schema.
create function private.fail(p_name text, variadic p_args text[] default array[]::text[])
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_error record;
  v_message text;
  v_detail text := case when cardinality(p_args) > 0 then to_jsonb(p_args)::text end;
begin
  select c.code, c.message, c.field into v_error from private.error_catalog() c where c.name = p_name;
  if not found then
    raise exception 'private.fail: % is not in private.error_catalog()', p_name using errcode = 'XX000';
  end if;
  v_message := format(v_error.message, variadic p_args);
  -- RAISE takes no null option: each combination of detail and hint is spelled out.
  if v_detail is null and v_error.field is null then
    raise exception using errcode = v_error.code, message = v_message;
  elsif v_detail is null then
    raise exception using errcode = v_error.code, message = v_message, hint = v_error.field;
  elsif v_error.field is null then
    raise exception using errcode = v_error.code, message = v_message, detail = v_detail;
  end if;
  raise exception using errcode = v_error.code, message = v_message, detail = v_detail, hint = v_error.field;
end
$$;
comment on function private.fail(text, text[]) is
  'Raises the error named in private.error_catalog(), with its arguments (detail) and its field (hint).';
revoke all on function private.fail(text, text[]) from public, anon, authenticated, service_role;
-- Triggers that are not security definer raise as the caller.
grant execute on function private.fail(text, text[]) to anon, authenticated, service_role;
