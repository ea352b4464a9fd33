-- The live bracket: every viewer of a tournament page follows its matches as results are reported,
-- confirmed, disputed or set. Matches are readable by everyone (RLS), so delivery follows the same rule.
alter publication supabase_realtime add table public.matches;
