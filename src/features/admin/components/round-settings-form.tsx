// The administrator's form for one round: its best-of and, per game, an optional mode and map, checked
// with the same rules as the database before set_round_settings stores them.
import { useState } from 'react';
import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/errors';
import { modesFor, roundSettingsSchema } from '@/lib/round-settings';
import type { Tournament } from '@/lib/tournament';
import { useSetRoundSettings } from '../api/set-round-settings';
import type { Round } from './round-settings-rounds';

type GameFields = { mode: string; map: string };

export function RoundForm({ tournament, round, onDone }: { tournament: Tournament; round: Round; onDone: () => void }) {
  const [bestOf, setBestOf] = useState(String(round.bestOf));
  // Five rows kept while the best-of changes, so lowering and raising it again loses nothing typed.
  const [games, setGames] = useState<GameFields[]>(() =>
    Array.from({ length: 5 }, (_, i) => ({ mode: round.games[i]?.mode ?? '', map: round.games[i]?.map ?? '' })),
  );
  const [issue, setIssue] = useState<{ message: string; field: string | null } | null>(null);
  const save = useSetRoundSettings(tournament.id);
  const count = Number(bestOf);
  const options = [{ value: '', label: 'Any mode' }, ...modesFor(tournament.type)];

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.reset();
    const played = games.slice(0, count);
    // Unset games at the end are not stored: "no mode, no map" is what an absent game means.
    while (played.length > 0 && !played.at(-1)!.mode && !played.at(-1)!.map.trim()) played.pop();
    const values = { bestOf: count, maps: played };
    const parsed = roundSettingsSchema(tournament.type).safeParse(values);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const field = first?.path.join('.') ?? '';
      setIssue({ message: first?.message ?? 'Check the games.', field: /^maps\.\d+\./.test(field) ? field : null });
      return;
    }
    setIssue(null);
    save.mutate(
      { type: tournament.type, bracket: round.bracket, round: round.round, settings: parsed.data },
      { onSuccess: onDone },
    );
  };

  const fieldError = (field: string) => (issue?.field === field ? issue.message : undefined);
  const setGame = (i: number, patch: Partial<GameFields>) =>
    setGames(games.map((g, j) => (j === i ? { ...g, ...patch } : g)));

  return (
    <form onSubmit={submit} aria-label={`Settings of ${round.label}`} noValidate>
      <Stack gap="sm">
        <Text fw={600}>{round.label}</Text>
        <NativeSelect
          label="Best of"
          value={bestOf}
          onChange={(e) => setBestOf(e.currentTarget.value)}
          data={['1', '3', '5']}
          w={120}
        />
        {games.slice(0, count).map((g, i) => (
          <Group key={i} gap="xs" align="flex-start" grow>
            <NativeSelect
              label={`Game ${i + 1} mode`}
              value={g.mode}
              onChange={(e) => setGame(i, { mode: e.currentTarget.value })}
              data={options}
              error={fieldError(`maps.${i}.mode`)}
            />
            <TextInput
              label={`Game ${i + 1} map`}
              value={g.map}
              onChange={(e) => setGame(i, { map: e.currentTarget.value })}
              error={fieldError(`maps.${i}.map`)}
            />
          </Group>
        ))}
        {/* A field's own problem shows under it; the rest (the database's answer) in the form's box. */}
        <FormError message={issue && !issue.field ? issue.message : save.error ? errorMessage(save.error) : null} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save round
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
