-- The error catalogue: every code once, every name once, private.fail() raising code, message,
-- arguments and field; every function's refusal goes through it, by a name it lists.
begin;
\ir helpers/test-helpers.psql
select plan(14);

select is((select count(*) from private.error_catalog()), (select count(distinct code) from private.error_catalog()),
  'each code is listed once');
select is((select count(*) from private.error_catalog()), (select count(distinct name) from private.error_catalog()),
  'each name is listed once');
select is_empty($$ select code from private.error_catalog() where code !~ '^(BC[0-9A-Z][0-9]{2}|PT[0-9]{3})$' $$,
  'codes are of class BC, then a digit or letter and two digits (or PT and an HTTP status, for a limit)');
select is_empty($$ select name from private.error_catalog() where message is null or btrim(message) = '' $$,
  'every code has a message');

-- A rule with an argument: the message filled in, the arguments as JSON in detail, the field in hint.
create function pg_temp.caught(p_sql text) returns jsonb language plpgsql as $$
declare
  v_state text; v_message text; v_detail text; v_hint text;
begin
  execute p_sql;
  return null;
exception when others then
  get stacked diagnostics v_state = returned_sqlstate, v_message = message_text, v_detail = pg_exception_detail,
    v_hint = pg_exception_hint;
  return jsonb_build_object('code', v_state, 'message', v_message, 'detail', nullif(v_detail, ''), 'hint', nullif(v_hint, ''));
end
$$;

select is(pg_temp.caught($$ select private.fail('in_game_name_required', '2') $$),
  '{"code": "BC310", "message": "In-game name is required for player 2.", "detail": "[\"2\"]", "hint": "players.in_game_name"}',
  'an argument fills the message and is kept in detail; the field is the hint');
select is(pg_temp.caught($$ select private.fail('team_needs_players', '3') $$) ->> 'message',
  'A 3v3 team needs exactly 3 players.', 'a positional placeholder repeats one argument');
select is(pg_temp.caught($$ select private.fail('player_id_registered', '#ABCDEFGHJ', '2') $$) ->> 'message',
  'Player ID #ABCDEFGHJ is already registered.', 'an argument the message does not show still reaches detail');
select is(pg_temp.caught($$ select private.fail('sign_in_required') $$),
  '{"code": "BC001", "message": "Please sign in.", "detail": null, "hint": null}',
  'a rule without arguments or field has neither detail nor hint');
select is(pg_temp.caught($$ select private.fail('contact_rate_limited') $$) ->> 'code', 'PT429',
  'a limit keeps its HTTP status code');
select is(pg_temp.caught($$ select private.fail('no_such_rule') $$) ->> 'code', 'XX000',
  'an unknown name is an internal error, not a rule');

-- As the Data API roles call it from a trigger that is not security definer.
select tests.authenticate_as_service_role();
set local role authenticated;
select is(pg_temp.caught($$ select private.fail('tournament_full') $$) ->> 'code', 'BC316',
  'a player''s own triggers can raise a rule');
reset role;

-- Every name a function passes to private.fail is in the catalogue.
select is_empty($$
  select distinct m[1] as name
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace,
       regexp_matches(p.prosrc, $re$private\.fail\('(\w+)'$re$, 'g') as m
  where n.nspname in ('public', 'private')
  except select name from private.error_catalog()
$$, 'every name a function raises is in the catalogue');

-- No function refuses with a plain sentence: a raise names its code (private.fail, or errcode).
select is_empty($$
  select n.nspname || '.' || p.proname
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname in ('public', 'private') and p.proname <> 'fail'
    and p.prosrc ~* 'raise\s+exception\s+''' and p.prosrc !~* 'raise\s+exception\s+''[^;]*using\s+errcode'
$$, 'no function raises without a code');

select ok((select count(*) from private.error_catalog()) >= 80, 'the catalogue lists every rule');

select * from finish();
rollback;
