// The admin's create/edit form. In edit mode the name is locked (it is the tournament's identity) and
// the button reads Update Tournament; a failed save shows the server's reason in the red box, or on
// its field when it is about the schedule. Times are picked and shown in the viewer's own zone.
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/errors';
import type { Tournament } from '@/lib/tournament';
import {
  BEST_OF,
  emptyTournament,
  FORMATS,
  TOP_CUTS,
  tournamentFormSchema,
  useCreateTournament,
  type TournamentFormInput,
  type TournamentFormValues,
} from '../api/create-tournament';
import { changesFrom, editTournamentSchema, useUpdateTournament } from '../api/update-tournament';
import { isoToPicker, scheduleFieldOf } from '../api/tournament-schedule';
import { ScheduleFields } from './schedule-fields';
import { IdentityFields } from './tournament-fields';
import { PlayFields } from './tournament-play-fields';

type Props = {
  /** The tournament being edited; create mode without it. */
  tournament: Tournament | null;
  onSaved: (tournament: Tournament, mode: 'create' | 'edit') => void;
  onCancel: () => void;
};

function toInput(t: Tournament | null): TournamentFormInput {
  if (!t) return emptyTournament;
  return {
    name: t.name,
    description: t.description ?? '',
    thumbnail_url: t.thumbnail_url ?? '',
    slots: t.slots,
    // The column is write-only; the invite comes from the computed field the query selects.
    discord_link: t.discord_invite ?? '',
    type: t.type,
    starts_at: isoToPicker(t.starts_at),
    registration_closes_at: isoToPicker(t.registration_closes_at),
    checkin_opens_at: isoToPicker(t.checkin_opens_at),
    checkin_closes_at: isoToPicker(t.checkin_closes_at),
    prize: t.prize ?? '',
    rules: t.rules ?? '',
    format: (FORMATS as readonly string[]).includes(t.format) ? (t.format as (typeof FORMATS)[number]) : undefined,
    best_of: String(t.best_of) as (typeof BEST_OF)[number],
    player_id_rule: t.player_id_rule === 'brawl_stars' ? 'brawl_stars' : 'seed',
    swiss_rounds: t.swiss_rounds === null ? '' : String(t.swiss_rounds),
    top_cut: (t.top_cut === null ? '' : String(t.top_cut)) as (typeof TOP_CUTS)[number],
    top_cut_format: t.top_cut_format === 'double_elimination' ? 'double_elimination' : 'single_elimination',
  };
}

export function TournamentForm({ tournament: current, onSaved, onCancel }: Props) {
  // The tournament as it was when the form opened: the times left as they were are not sent back
  // (changesFrom), so another administrator's change made meanwhile stands.
  const [tournament] = useState(current);
  const editing = Boolean(tournament);
  const form = useForm<TournamentFormInput, unknown, TournamentFormValues>({
    // The edit schema has no name: it cannot change, so it is not checked or sent.
    resolver: zodResolver(
      (tournament ? editTournamentSchema(tournament) : tournamentFormSchema) as typeof tournamentFormSchema,
    ),
    defaultValues: toInput(tournament),
  });
  const create = useCreateTournament();
  const update = useUpdateTournament();
  const submitting = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  const heading = useRef<HTMLHeadingElement>(null);

  // The button that opened the form is gone (or far away): start keyboard users at the form.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  // A schedule the database refused is shown on the field it is about, like the form's own checks.
  const failureField = failure ? scheduleFieldOf(failure) : undefined;
  const onError = (error: unknown) => {
    const field = scheduleFieldOf(error);
    if (field) form.setError(field, { message: errorMessage(error) }, { shouldFocus: true });
  };

  const onSubmit = form.handleSubmit((values) => {
    if (tournament) {
      const { name: _name, ...changes } = values;
      update.mutate(
        { id: tournament.id, values: changesFrom(tournament, changes) },
        { onSuccess: (saved) => onSaved(saved, 'edit'), onError },
      );
    } else {
      create.mutate(values, {
        onSuccess: (saved) => {
          form.reset(emptyTournament);
          onSaved(saved, 'create');
        },
        onError,
      });
    }
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} bg="dark.7">
      <form onSubmit={onSubmit} noValidate aria-label={editing ? 'Edit tournament' : 'Create tournament'}>
        <Stack gap="md">
          <Title order={2} size="h3" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
            {editing ? `Edit ${tournament?.name}` : 'New Tournament'}
          </Title>
          <IdentityFields form={form} tournament={tournament} />
          <ScheduleFields control={form.control} errors={form.formState.errors} />
          <PlayFields form={form} />
          <FormError message={failure && !failureField ? errorMessage(failure) : null} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={submitting}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={submitting}
              leftSection={editing ? <IconDeviceFloppy size={16} aria-hidden /> : <IconPlus size={16} aria-hidden />}
            >
              {editing ? 'Update Tournament' : 'Create Tournament'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
