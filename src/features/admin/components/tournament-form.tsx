// The admin's create/edit form. In edit mode the name is locked (it is the tournament's identity) and
// the button reads Update Tournament; a failed save shows the server's reason in the red box.
import { useEffect, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/errors';
import { TOURNAMENT_TYPES, type Tournament } from '@/lib/tournament';
import {
  emptyTournament,
  tournamentFormSchema,
  useCreateTournament,
  type TournamentFormInput,
  type TournamentFormValues,
} from '../api/create-tournament';
import { editTournamentSchema, useUpdateTournament } from '../api/update-tournament';
import '@mantine/core/styles/NumberInput.css';

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
    // The column is write-only; the invite comes from the computed field the list selects.
    discord_link: t.discord_invite ?? '',
    type: t.type,
  };
}

export function TournamentForm({ tournament, onSaved, onCancel }: Props) {
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
  const errors = form.formState.errors;
  const submitting = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  const heading = useRef<HTMLHeadingElement>(null);

  // The button that opened the form is gone (or far away): start keyboard users at the form.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  const onSubmit = form.handleSubmit((values) => {
    if (tournament) {
      const { name: _name, ...changes } = values;
      update.mutate({ id: tournament.id, values: changes }, { onSuccess: (saved) => onSaved(saved, 'edit') });
    } else {
      create.mutate(values, {
        onSuccess: (saved) => {
          form.reset(emptyTournament);
          onSaved(saved, 'create');
        },
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
          <TextInput
            label="Tournament Name"
            placeholder="Spring Showdown"
            required={!editing}
            disabled={editing}
            description={editing ? 'The name cannot be changed.' : undefined}
            error={errors.name?.message}
            {...form.register('name')}
          />
          <Textarea
            label="Description"
            required
            placeholder="What players are competing for"
            rows={3}
            error={errors.description?.message}
            {...form.register('description')}
          />
          <TextInput
            label="Thumbnail URL"
            placeholder="https://... or /banners/brawlcup.svg"
            required
            inputMode="url"
            error={errors.thumbnail_url?.message}
            {...form.register('thumbnail_url')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Controller
              control={form.control}
              name="slots"
              render={({ field }) => (
                <NumberInput
                  label="Slots"
                  required
                  min={1}
                  allowDecimal={false}
                  allowNegative={false}
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(v) => field.onChange(typeof v === 'number' ? v : v === '' ? Number.NaN : Number(v))}
                  error={errors.slots?.message}
                />
              )}
            />
            <NativeSelect
              label="Type"
              required
              data={[...TOURNAMENT_TYPES]}
              description={
                editing && tournament!.registered_teams > 0 ? 'Fixed while teams are registered.' : undefined
              }
              error={errors.type?.message}
              {...form.register('type')}
            />
          </SimpleGrid>
          <TextInput
            label="Discord Link"
            placeholder="https://discord.gg/..."
            required
            inputMode="url"
            error={errors.discord_link?.message}
            {...form.register('discord_link')}
          />
          <FormError message={failure ? errorMessage(failure) : null} />
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
