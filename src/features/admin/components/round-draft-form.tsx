// The organiser sets a round's draft: off, map bans and picks from the pool, or a full draft (blind
// global bans, bans per game, the pick order: A is the game's first picker, empty the snake), and the
// seconds each step lasts. Fixed once a match of the round has started drafting (the database says).
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { errorMessage } from '@/lib/errors';
import { FormError } from '@/components/ui/form-error';
import type { z } from '@/lib/zod';
import { roundDraftSchema, useSetRoundDraft, type RoundDraft, type RoundDraftValues } from '../api/round-drafts';

type Props = {
  tournamentId: string;
  bracket: string;
  round: number;
  label: string;
  current?: RoundDraft;
  onDone: () => void;
};

const KINDS = [
  { value: 'off', label: 'Off' },
  { value: 'maps', label: 'Map draft (bans and picks)' },
  { value: 'full', label: 'Full draft (maps and brawlers)' },
];

export function RoundDraftForm({ tournamentId, bracket, round, label, current, onDone }: Props) {
  const save = useSetRoundDraft(tournamentId);
  const pool = Array.isArray(current?.map_pool) ? (current.map_pool as { mode: string | null; map: string }[]) : [];
  const form = useForm<z.input<typeof roundDraftSchema>, unknown, RoundDraftValues>({
    resolver: zodResolver(roundDraftSchema),
    defaultValues: {
      kind: (current?.kind ?? 'off') as RoundDraftValues['kind'],
      mapBans: current?.map_bans ?? 0,
      globalBans: current?.global_bans ?? 1,
      gameBans: current?.game_bans ?? 1,
      pickOrder: current?.pick_order ?? '',
      stepSeconds: current?.step_seconds ?? 30,
      mapPool: pool.map((e) => [e.mode, e.map].filter(Boolean).join(': ')).join('\n'),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ bracket, round, values });
      onDone();
    } catch (error) {
      form.setError('root', { message: errorMessage(error) });
    }
  });
  const number = (name: 'mapBans' | 'globalBans' | 'gameBans' | 'stepSeconds', text: string) => (
    <TextInput label={text} type="number" inputMode="numeric" {...form.register(name)} error={errors[name]?.message} />
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Draft of ${label}`}>
      <Stack gap="sm">
        <Text fw={600}>Draft of {label}</Text>
        <FormError message={errors.root?.message} />
        <NativeSelect label="Draft" data={KINDS} {...form.register('kind')} />
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          {number('globalBans', 'Blind global bans per team')}
          {number('gameBans', 'Bans per game per team')}
          {number('mapBans', 'Map bans per team')}
          {number('stepSeconds', 'Seconds per step')}
        </SimpleGrid>
        <TextInput
          label="Pick order"
          description="A is the game's first picker; empty: snake (ABBAAB, ABBA, AB)"
          {...form.register('pickOrder')}
          error={errors.pickOrder?.message}
        />
        <Textarea
          label="Map pool"
          description="One per line, as Mode: Map. Empty: the round's games"
          autosize
          minRows={2}
          {...form.register('mapPool')}
          error={errors.mapPool?.message}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Save draft
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
