-- Evidence: screenshots the captains attach to a game's result or a dispute, kept by Storage in the
-- private `evidence` bucket (declared in config.toml: 5 MiB, PNG, JPEG or WebP) at
-- `<match id>/<file>`. The storage schema itself is the platform's (hosted Supabase has it before
-- any migration; locally server/db/prelude.sql); this file holds the project's rules on it.

-- ============================================================================================
-- Evidence
-- ============================================================================================

-- The match an evidence path names: `<match id>/<file>`, exactly two parts, the first a match's id.
create function private.evidence_match(p_name text)
returns public.matches
language sql
stable
security definer
set search_path = ''
as $$
  select m.*
  from public.matches m
  where cardinality(string_to_array(p_name, '/')) = 2
    and split_part(p_name, '/', 1) ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    and m.id = split_part(p_name, '/', 1)::uuid
$$;
comment on function private.evidence_match(text) is
  'The match an evidence file belongs to (its path is <match id>/<file>); null for any other path.';
revoke all on function private.evidence_match(text) from public, anon, authenticated, service_role;

create function private.can_attach_evidence(p_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select m.confirmed_at is null
       and exists (select 1 from public.teams t where t.id in (m.team1_id, m.team2_id)
                   and t.registered_by = (select auth.uid()))
    from private.evidence_match(p_name) m
    where m.id is not null
  ), false)
$$;
comment on function private.can_attach_evidence(text) is
  'True when the caller captains either team of the match the path names, and its result is not yet confirmed.';
revoke all on function private.can_attach_evidence(text) from public, anon, authenticated, service_role;
grant execute on function private.can_attach_evidence(text) to authenticated;

create function private.can_read_evidence(p_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select private.is_team_member(m.team1_id) or private.is_team_member(m.team2_id)
        or private.can_moderate(m.tournament_id)
    from private.evidence_match(p_name) m
    where m.id is not null
  ), false)
$$;
comment on function private.can_read_evidence(text) is
  'True when the caller plays on either team of the match the path names, or may moderate its tournament.';
revoke all on function private.can_read_evidence(text) from public, anon, authenticated, service_role;
grant execute on function private.can_read_evidence(text) to authenticated;

-- ============================================================================================
-- Policies
-- ============================================================================================

-- Evidence is kept as it was sent: nobody updates or deletes it through the API (no policy).
create policy "Captains can attach evidence to their matches"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'evidence' and (select private.can_attach_evidence(name)));

create policy "The match's teams and staff can read its evidence"
  on storage.objects for select to authenticated
  using (bucket_id = 'evidence' and (select private.can_read_evidence(name)));
