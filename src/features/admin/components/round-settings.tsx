// The rounds of a started tournament's bracket, each with what it is played as (best-of, and per game
// an optional mode and map), editable by the administrator until the round's first reported result.
// One setting covers a round across the groups of a round robin, as set_round_settings writes it.
import { useState } from 'react';
import { Badge, Button, Card, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/errors';
import { modesFor, roundSettingsSchema } from '@/lib/round-settings';
import type { Tournament } from '@/lib/tournament';
import type { Match } from '../api/get-matches';
import { roundGames, roundSummary, useSetRoundSettings, type RoundGame } from '../api/set-round-settings';
import { roundHasResult, roundsCompleted } from '@/lib/database-errors';
import { useRoundDrafts } from '../api/round-drafts';
import { RoundDraftForm } from './round-draft-form';

export const ROUND_LOCKED_MESSAGE = roundHasResult.message;
export const COMPLETED_MESSAGE = roundsCompleted.message;

const BRACKET_ORDER = ['winners', 'losers', 'grand_final', 'group'];
const DRAFT_KINDS: Record<string, string> = { off: 'off', maps: 'map draft', full: 'full draft' };

type Round = {
  key: string;
  bracket: string;
  round: number;
  label: string;
  bestOf: number;
  games: RoundGame[];
  locked: boolean;
};

/** The bracket's rounds in play order, named as the database names them. */
export function roundsOf(matches: Match[]): Round[] {
  const byRound = new Map<string, Match[]>();
  for (const m of matches) {
    const key = `${m.bracket}-${m.round}`;
    byRound.set(key, [...(byRound.get(key) ?? []), m]);
  }
  return [...byRound.entries()]
    .map(([key, ms]) => {
      ms.sort((a, b) => a.group_number - b.group_number || a.position - b.position);
      // The settings are the same on every match of the round; a bye is played as nothing.
      const first = ms.find((m) => !m.is_bye) ?? ms[0]!;
      const labels = [...new Set(ms.map((m) => m.round_label))];
      return {
        key,
        bracket: first.bracket,
        round: first.round,
        label: labels.length === 1 ? labels[0]! : `Round ${first.round}, every group`,
        bestOf: first.best_of,
        games: roundGames(first),
        locked: ms.some((m) => !m.is_bye && (m.reported_at !== null || m.confirmed_at !== null)),
      };
    })
    .sort((a, b) => BRACKET_ORDER.indexOf(a.bracket) - BRACKET_ORDER.indexOf(b.bracket) || a.round - b.round);
}

export function RoundSettings({ tournament, matches }: { tournament: Tournament; matches: Match[] }) {
  const [editing, setEditing] = useState<string | null>(null);
  const drafts = useRoundDrafts(tournament.id);
  const draftOf = (r: Round) => drafts.data?.find((d) => d.bracket === r.bracket && d.round === r.round);
  const completed = tournament.completed_at !== null;
  const rounds = roundsOf(matches);
  return (
    <Stack gap="xs" component="section" aria-labelledby="round-settings-title">
      <Title order={4} size="h5" id="round-settings-title">
        Round settings
      </Title>
      {completed && (
        <Text size="sm" c="dimmed">
          {COMPLETED_MESSAGE}
        </Text>
      )}
      <ul aria-label="Rounds" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
        {rounds.map((r) => (
          <li key={r.key} aria-label={r.label}>
            <Card withBorder radius="md" padding="sm">
              {editing === r.key ? (
                <RoundForm tournament={tournament} round={r} onDone={() => setEditing(null)} />
              ) : editing === `draft-${r.key}` ? (
                <RoundDraftForm
                  tournamentId={tournament.id}
                  bracket={r.bracket}
                  round={r.round}
                  label={r.label}
                  current={draftOf(r)}
                  onDone={() => setEditing(null)}
                />
              ) : (
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600}>{r.label}</Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {roundSummary(r.bestOf, r.games)}
                    </Text>
                    <Text size="sm" c="dimmed">
                      Draft: {DRAFT_KINDS[draftOf(r)?.kind ?? 'off']}
                    </Text>
                    {r.locked && !completed && (
                      <Text size="sm" c="dimmed">
                        {ROUND_LOCKED_MESSAGE}
                      </Text>
                    )}
                  </div>
                  <Group gap={6}>
                    {!completed && (
                      <Button
                        size="compact-sm"
                        variant="default"
                        aria-label={`Draft of ${r.label}`}
                        onClick={() => setEditing(`draft-${r.key}`)}
                      >
                        Draft
                      </Button>
                    )}
                    {r.locked || completed ? (
                      <Badge variant="light" color="gray" radius="sm">
                        Read-only
                      </Badge>
                    ) : (
                      <Button
                        size="compact-sm"
                        variant="light"
                        aria-label={`Edit ${r.label}`}
                        onClick={() => setEditing(r.key)}
                      >
                        Edit
                      </Button>
                    )}
                  </Group>
                </Group>
              )}
            </Card>
          </li>
        ))}
      </ul>
    </Stack>
  );
}

type GameFields = { mode: string; map: string };

function RoundForm({ tournament, round, onDone }: { tournament: Tournament; round: Round; onDone: () => void }) {
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
