// The captain's form for a place that was left: player ID and in-game name, the registration's rules.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { errorMessage } from '@/lib/errors';
import { PLAYER_ID_HINT, PLAYER_ID_INPUT } from '@/lib/player-rules';
import { FormError } from '@/components/ui/form-error';
import {
  fillTeamPlaceSchema,
  useFillTeamPlace,
  type FillTeamPlaceInput,
  type FillTeamPlaceValues,
} from '@/features/registration/api/fill-team-place';

export function FillPlaceForm({ teamId, slot, onDone }: { teamId: string; slot: number; onDone: () => void }) {
  const fill = useFillTeamPlace();
  const form = useForm<FillTeamPlaceInput, unknown, FillTeamPlaceValues>({
    resolver: zodResolver(fillTeamPlaceSchema(slot)),
    defaultValues: { playerId: '', inGameName: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await fill.mutateAsync({ teamId, slot, values });
      onDone();
    } catch (error) {
      form.setError('root', { message: errorMessage(error) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Name player ${slot}`}>
      <Stack gap="xs">
        <FormError message={errors.root?.message} />
        <TextInput
          label={`Player ${slot} ID`}
          placeholder="#ABC123XYZ"
          description={PLAYER_ID_HINT}
          {...PLAYER_ID_INPUT}
          autoComplete="off"
          {...form.register('playerId')}
          error={errors.playerId?.message}
        />
        <TextInput
          label={`Player ${slot} in-game name`}
          autoComplete="off"
          {...form.register('inGameName')}
          error={errors.inGameName?.message}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Save player
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
