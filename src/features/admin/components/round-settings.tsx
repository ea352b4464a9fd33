// The rounds of a started tournament's bracket, each with what it is played as (best-of, and per game
// an optional mode and map), editable by the administrator until the round's first reported result.
// One setting covers a round across the groups of a round robin, as set_round_settings writes it.
import { useState } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import type { Tournament } from '@/lib/tournament';
import type { Match } from '../api/get-matches';
import { roundsCompleted } from '@/lib/database-errors';
import { useRoundDrafts } from '../api/round-drafts';
import { RoundDraftForm } from './round-draft-form';
import { RoundSettingsCard } from './round-settings-card';
import { RoundForm } from './round-settings-form';
import { roundsOf, type Round } from './round-settings-rounds';

export const COMPLETED_MESSAGE = roundsCompleted.message;

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
                <RoundSettingsCard
                  round={r}
                  draftKind={draftOf(r)?.kind}
                  completed={completed}
                  onEdit={() => setEditing(r.key)}
                  onDraft={() => setEditing(`draft-${r.key}`)}
                />
              )}
            </Card>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
