// Starting a tournament: the seeding (random, check-in order or the admin's own order), the round
// robin's group size, double elimination's grand final reset, and the first round as it will be,
// before the roster is locked.
import { useState } from 'react';
import { Button, Checkbox, Group, NativeSelect, Radio } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/errors';
import type { Tournament } from '@/lib/tournament';
import type { Team } from '../api/get-teams';
import { drawOrder, groupsOf } from '@/lib/bracket-preview';
import {
  playingTeams,
  SEEDING_LABELS,
  SEEDINGS,
  seededOrder,
  useSaveSeeds,
  useStartTournament,
  type Seeding,
} from '../api/start-tournament';
import { FirstRound, ManualSeeds } from './start-preview';

type Props = { tournament: Tournament; teams: Team[]; onDone: () => void };

export function StartDialog({ tournament, teams, onDone }: Props) {
  const [seeding, setSeeding] = useState<Seeding>('random');
  const [grandFinalReset, setGrandFinalReset] = useState(true);
  const [groupSize, setGroupSize] = useState<number | null>(null);
  const [drawn, setDrawn] = useState(() => drawOrder(playingTeams(teams)));
  const start = useStartTournament(tournament.id);
  const saveSeeds = useSaveSeeds(tournament.id);
  const double = tournament.format === 'double_elimination';
  const roundRobin = tournament.format === 'round_robin';
  const seeded = seeding === 'random' ? drawn : seededOrder(teams, seeding);
  const groups = roundRobin ? groupsOf(seeded, groupSize) : [seeded];

  const confirm = () =>
    start.mutate(
      {
        tournamentId: tournament.id,
        input: {
          seeding,
          grandFinalReset: double ? grandFinalReset : true,
          groupSize: roundRobin ? groupSize : null,
        },
        drawn: seeding === 'random' ? drawn : undefined,
      },
      { onSuccess: onDone },
    );

  return (
    <ConfirmDialog
      size="lg"
      opened
      title={`Start ${tournament.name}`}
      message={`${seeded.length} checked-in teams play. Check the first round, then start: the roster is locked after.`}
      confirmLabel="Start"
      color="brand"
      busy={start.isPending}
      error={start.error ? errorMessage(start.error) : saveSeeds.error ? errorMessage(saveSeeds.error) : null}
      onCancel={onDone}
      onConfirm={confirm}
    >
      <Radio.Group label="Seeding" value={seeding} onChange={(v) => setSeeding(v as Seeding)}>
        <Group gap="md" mt={6}>
          {SEEDINGS.map((s) => (
            <Radio key={s} value={s} label={SEEDING_LABELS[s]} />
          ))}
        </Group>
      </Radio.Group>
      {double && (
        <Checkbox
          label="Grand final reset"
          description="If the losers bracket's winner takes the grand final, a second final decides."
          checked={grandFinalReset}
          onChange={(e) => setGrandFinalReset(e.currentTarget.checked)}
        />
      )}
      {roundRobin && <GroupSize teams={seeded.length} value={groupSize} onChange={setGroupSize} />}
      {seeding === 'random' && (
        <Group>
          <Button size="compact-sm" variant="light" onClick={() => setDrawn(drawOrder(playingTeams(teams)))}>
            Draw again
          </Button>
        </Group>
      )}
      {seeding === 'manual' && (
        <ManualSeeds seeded={seeded} saving={saveSeeds.isPending} onReorder={(order) => saveSeeds.mutate(order)} />
      )}
      <FirstRound groups={groups} format={tournament.format} />
    </ConfirmDialog>
  );
}

/** The round robin's groups: one of everyone, or groups of 2 up to halves (none left with one team). */
function GroupSize({
  teams,
  value,
  onChange,
}: {
  teams: number;
  value: number | null;
  onChange: (size: number | null) => void;
}) {
  const sizes = Array.from({ length: Math.max(0, Math.floor(teams / 2) - 1) }, (_, i) => i + 2);
  if (sizes.length === 0) return null;
  return (
    <NativeSelect
      label="Groups"
      description="Teams that do not divide evenly join the groups; everyone plays everyone in their group."
      value={value === null ? '' : String(value)}
      onChange={(e) => onChange(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}
      data={[
        { value: '', label: `One group of ${teams}` },
        ...sizes.map((size) => ({
          value: String(size),
          label: `Groups of ${size} (${Math.floor(teams / size)} groups)`,
        })),
      ]}
    />
  );
}
