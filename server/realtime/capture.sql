-- Realtime's change capture: an AFTER row trigger on every table of the supabase_realtime
-- publication turns each change into JSON inside the writing transaction, so a rollback sends
-- nothing and NOTIFY delivers changes in commit order. Idempotent: run on every start.

create schema if not exists realtime;
revoke all on schema realtime from public;
comment on schema realtime is 'Realtime: change capture for postgres_changes (server/realtime).';

-- Changes too large for one NOTIFY payload (8000 bytes) wait here; NOTIFY carries only their id.
-- The server deletes each row once it has been delivered.
create table if not exists realtime.changes (
  id bigserial primary key,
  payload text not null,
  created_at timestamptz not null default now()
);
alter table realtime.changes enable row level security;
revoke all on realtime.changes from public;
comment on table realtime.changes is
  'Realtime: changes too large for a NOTIFY payload, until the server has delivered them.';

-- tg_argv: replica identity (''full'' or ''default''), then the primary-key column names. Without
-- replica identity full, old_record carries only the primary key, as logical replication would.
create or replace function realtime.capture_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  old_json jsonb;
  payload text;
  change_id bigint;
begin
  if tg_op <> 'INSERT' then
    old_json := to_jsonb(old);
    if tg_argv[0] is distinct from 'full' then
      select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb) into old_json
      from jsonb_each(old_json) e
      where e.key = any (tg_argv[1:]);
    end if;
  end if;
  payload := jsonb_build_object(
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'commit_timestamp', now(),
    'record', case when tg_op <> 'DELETE' then to_jsonb(new) end,
    'old_record', old_json
  )::text;
  if octet_length(payload) < 7900 then
    perform pg_notify('realtime_changes', payload);
  else
    insert into realtime.changes (payload) values (payload) returning id into change_id;
    perform pg_notify('realtime_changes', '#' || change_id);
  end if;
  return null;
end
$$;
revoke all on function realtime.capture_change() from public;
comment on function realtime.capture_change() is
  'Realtime: AFTER row trigger on published tables; NOTIFYs realtime_changes with the change as JSON.';

-- Puts the capture trigger on every table of supabase_realtime (for the operations it publishes)
-- and removes it from tables that left. Only touches a trigger whose definition changed, so the
-- DDL event trigger below does not recurse.
create or replace function realtime.refresh_capture() returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  t record;
  ops text;
  args text;
  wanted text;
begin
  for t in
    select c.oid, n.nspname, c.relname, c.relreplident,
           p.pubinsert, p.pubupdate, p.pubdelete,
           coalesce((
             select array_agg(a.attname::text order by array_position(i.indkey::int2[], a.attnum))
             from pg_catalog.pg_index i
             join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey::int2[])
             where i.indrelid = c.oid and i.indisprimary
           ), '{}') as pk
    from pg_catalog.pg_publication p
    join pg_catalog.pg_publication_tables pt on pt.pubname = p.pubname
    join pg_catalog.pg_namespace n on n.nspname = pt.schemaname
    join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
    where p.pubname = 'supabase_realtime' and c.relkind = 'r'
  loop
    ops := concat_ws(' or ',
      case when t.pubinsert then 'insert' end,
      case when t.pubupdate then 'update' end,
      case when t.pubdelete then 'delete' end);
    args := (select string_agg(pg_catalog.quote_literal(x), ', ')
             from unnest(array[case when t.relreplident = 'f' then 'full' else 'default' end] || t.pk) x);
    -- What pg_get_triggerdef prints for the trigger we want, to compare with what exists.
    wanted := format('CREATE TRIGGER realtime_capture AFTER %s ON %I.%I FOR EACH ROW EXECUTE FUNCTION realtime.capture_change(%s)',
                     upper(ops), t.nspname, t.relname, args);
    if ops = '' then
      execute format('drop trigger if exists realtime_capture on %I.%I', t.nspname, t.relname);
    elsif not exists (
      select from pg_catalog.pg_trigger g
      where g.tgrelid = t.oid and g.tgname = 'realtime_capture' and pg_catalog.pg_get_triggerdef(g.oid) = wanted
    ) then
      execute format('drop trigger if exists realtime_capture on %I.%I', t.nspname, t.relname);
      execute wanted;
    end if;
  end loop;

  for t in
    select n.nspname, c.relname
    from pg_catalog.pg_trigger g
    join pg_catalog.pg_class c on c.oid = g.tgrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where g.tgname = 'realtime_capture'
      and not exists (
        select from pg_catalog.pg_publication_tables pt
        where pt.pubname = 'supabase_realtime' and pt.schemaname = n.nspname and pt.tablename = c.relname
      )
  loop
    execute format('drop trigger if exists realtime_capture on %I.%I', t.nspname, t.relname);
  end loop;
end
$$;
revoke all on function realtime.refresh_capture() from public;
comment on function realtime.refresh_capture() is
  'Realtime: installs or removes the capture trigger so it matches the supabase_realtime publication.';

create or replace function realtime.on_ddl() returns event_trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.refresh_capture();
  perform pg_notify('realtime_ddl', tg_tag);
end
$$;
revoke all on function realtime.on_ddl() from public;
comment on function realtime.on_ddl() is
  'Realtime: after DDL that can change the publication or a table, refreshes the capture triggers.';

-- Event triggers need a superuser; without one the server refreshes periodically instead.
-- Policies and grants are here too: the server caches which roles may read a whole table.
do $$
begin
  drop event trigger if exists realtime_capture_ddl;
  create event trigger realtime_capture_ddl on ddl_command_end
    when tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'DROP PUBLICATION', 'CREATE TABLE',
                 'ALTER TABLE', 'CREATE TABLE AS', 'SELECT INTO', 'CREATE POLICY', 'ALTER POLICY',
                 'DROP POLICY', 'GRANT', 'REVOKE')
    execute function realtime.on_ddl();
exception when others then
  raise notice 'realtime: no event trigger (%); publication changes are polled', sqlerrm;
end
$$;

-- Which of the given rows each set of claims may select: for every claims object, switch to its
-- role and claims (the settings PostgREST and server/context.ts setCaller use) and look the rows up
-- by primary key, so RLS decides. One call checks a change for every subscriber, as walrus does; the
-- lookup is a prepared statement with the keys in it as constants (an index scan, whatever the
-- table's size), planned once per call instead of once per subscriber, and each iteration is one statement setting the claims and one running the lookup.
-- The role is switched (and its SELECT privilege checked) only when it differs from the previous
-- claims object's, so callers that pass claims grouped by role switch a few times per call. `safe`
-- checks each claims object in its own subtransaction, so a policy that raises hides only that row
-- from that subscriber (the server retries with it when a fast call fails).
-- A single-column key (most tables) is looked up as one typed array constant, `key = any (...)`, and
-- answers a flat jsonb array of the visible keys (`[k1, k2]`, to_jsonb(array_agg(key))); other keys
-- answer an array per row (`[[a1, b1], ...]`). For 500 subscribers and 256 rows that halved the
-- check's CPU against a list of row constructors and jsonb_build_array per row.
-- Not security definer (set role is refused there); only the server may call it.
drop function if exists realtime.visible_keys(regclass, text[], jsonb, jsonb);
create or replace function realtime.visible_keys(entity regclass, pk text[], rows jsonb, claims_list jsonb, safe boolean default false)
returns table (idx int, keys jsonb)
language plpgsql
set search_path = ''
as $$
declare
  claims jsonb;
  n int;
  role_name text;
  switched_to text;
  allowed boolean := false;
  cols text;
  list text;
  found jsonb;
  typ text;
begin
  cols := (select string_agg(format('%I', c), ', ') from unnest(pk) c);
  if array_length(pk, 1) = 1 then
    select pg_catalog.format_type(a.atttypid, a.atttypmod) into typ
      from pg_catalog.pg_attribute a
     where a.attrelid = entity and a.attname = pk[1] and a.attnum > 0 and not a.attisdropped;
    -- The keys as one array constant: text[]'s own output quotes each element as typ[]'s input
    -- reads it back.
    select coalesce(array_agg(r.value ->> pk[1]), '{}')::text into list from jsonb_array_elements(rows) r;
  else
    -- The keys as typed literals, `(k1::t1, k2::t2), ...`: an IN list of constants, so the lookup is
    -- an index scan on the primary key however large the table.
    select string_agg(
             '(' || (select string_agg(format('%L::%s', r.value ->> k.col, k.typ), ', ' order by k.ord)
                     from (select u.col, u.ord, pg_catalog.format_type(a.atttypid, a.atttypmod) as typ
                           from unnest(pk) with ordinality u(col, ord)
                           join pg_catalog.pg_attribute a on a.attrelid = entity and a.attname = u.col) k) || ')',
             ', ')
      into list
      from jsonb_array_elements(rows) r;
  end if;
  if exists (select from pg_catalog.pg_prepared_statements where name = 'realtime_visible_keys') then
    deallocate realtime_visible_keys;
  end if;
  if typ is not null then
    execute format(
      'prepare realtime_visible_keys as select coalesce(to_jsonb(array_agg(%1$s)), ''[]'') from %2$s where %1$s = any (%3$L::%4$s[])',
      cols, entity, list, typ);
  else
    execute format(
      'prepare realtime_visible_keys as select coalesce(jsonb_agg(jsonb_build_array(%1$s)), ''[]'') from %2$s where (%1$s) in (%3$s)',
      cols, entity, coalesce(list, 'null'));
  end if;
  for claims, n in select e.value, (e.ordinality - 1)::int from jsonb_array_elements(claims_list) with ordinality e
  loop
    role_name := claims ->> 'role';
    if n = 0 or role_name is distinct from switched_to then
      perform set_config('role', 'none', true);
      switched_to := role_name;
      allowed := pg_catalog.has_table_privilege(role_name, entity, 'SELECT');
      if allowed then
        perform set_config('role', role_name, true), set_config('request.jwt.claim.role', role_name, true);
      end if;
    end if;
    found := '[]';
    if allowed then
      perform set_config('request.jwt.claims', claims::text, true),
              set_config('request.jwt.claim.sub', coalesce(claims ->> 'sub', ''), true),
              set_config('request.jwt.claim.email', coalesce(claims ->> 'email', ''), true);
      if safe then
        begin
          execute 'execute realtime_visible_keys' into found;
        exception when others then
          found := '[]';
        end;
      else
        execute 'execute realtime_visible_keys' into found;
      end if;
    end if;
    idx := n;
    keys := found;
    return next;
  end loop;
  perform set_config('role', 'none', true);
  deallocate realtime_visible_keys;
end
$$;
revoke all on function realtime.visible_keys(regclass, text[], jsonb, jsonb, boolean) from public;
comment on function realtime.visible_keys(regclass, text[], jsonb, jsonb, boolean) is
  'Realtime: for each claims object, the primary keys among rows that its role may select under RLS.';
