-- The administrator's dashboard: a finished tournament keeps its result. Cancelling one that has
-- completed would hide its standings and champion from the players, so the database refuses it (the
-- dashboard offers Cancel tournament only before completion and says the same if a race gets there).

-- ============================================================================================
-- Functions
-- ============================================================================================

create function private.check_cancellation()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.cancelled_at is not null and old.cancelled_at is null and old.completed_at is not null then
    raise exception 'A completed tournament cannot be cancelled.';
  end if;
  return new;
end
$$;
comment on function private.check_cancellation() is 'Trigger: a completed tournament cannot be cancelled.';
revoke execute on function private.check_cancellation() from public;

-- ============================================================================================
-- Triggers
-- ============================================================================================

create trigger check_cancellation
  before update of cancelled_at on public.tournaments
  for each row execute function private.check_cancellation();
