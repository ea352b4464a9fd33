// The admin's create/edit form. In edit mode the name is locked (it is the tournament's identity) and
// the button reads Update Tournament; a failed save shows the server's reason in the red box, or on
// its field when it is about the schedule. Times are picked and shown in the viewer's own zone.
import { useEffect, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
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
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import { DateTimePicker } from '@mantine/dates';
import { IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/errors';
import { formatTime } from '@/lib/schedule';
import { TOURNAMENT_TYPES, type Tournament } from '@/lib/tournament';
import {
  BEST_OF,
  emptyTournament,
  FORMAT_LABELS,
  FORMATS,
  PLAYER_ID_RULES,
  PLAYER_ID_RULE_LABELS,
  tournamentFormSchema,
  useCreateTournament,
  type TournamentFormInput,
  type TournamentFormValues,
} from '../api/create-tournament';
import { changesFrom, editTournamentSchema, useUpdateTournament } from '../api/update-tournament';
import {
  effectiveSchedule,
  isoToPicker,
  pickerToIso,
  SCHEDULE_MESSAGE_FIELD,
  type ScheduleField,
} from '../api/tournament-schedule';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/dates/styles.css';

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
    starts_at: isoToPicker(t.starts_at),
    registration_closes_at: isoToPicker(t.registration_closes_at),
    checkin_opens_at: isoToPicker(t.checkin_opens_at),
    checkin_closes_at: isoToPicker(t.checkin_closes_at),
    prize: t.prize ?? '',
    rules: t.rules ?? '',
    format: (FORMATS as readonly string[]).includes(t.format) ? (t.format as (typeof FORMATS)[number]) : undefined,
    best_of: String(t.best_of) as (typeof BEST_OF)[number],
    player_id_rule: t.player_id_rule === 'brawl_stars' ? 'brawl_stars' : 'seed',
  };
}

const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

const TIME_LABELS: Record<ScheduleField, string> = {
  starts_at: 'Start',
  registration_closes_at: 'Registration closes',
  checkin_opens_at: 'Check-in opens',
  checkin_closes_at: 'Check-in closes',
};

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

  // A schedule the database refused is shown on the field it is about, like the form's own checks.
  const failureField = failure ? SCHEDULE_MESSAGE_FIELD[errorMessage(failure)] : undefined;
  const onError = (error: unknown) => {
    const message = errorMessage(error);
    const field = SCHEDULE_MESSAGE_FIELD[message];
    if (field) form.setError(field, { message }, { shouldFocus: true });
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

  // What the unset times will be, from the start being picked: the database's defaults.
  const watched = useWatch({
    control: form.control,
    name: ['starts_at', 'registration_closes_at', 'checkin_opens_at', 'checkin_closes_at'],
  });
  const effective = effectiveSchedule({
    starts_at: pickerToIso(watched[0]),
    registration_closes_at: pickerToIso(watched[1]),
    checkin_opens_at: pickerToIso(watched[2]),
    checkin_closes_at: pickerToIso(watched[3]),
  });
  const defaults: Record<Exclude<ScheduleField, 'starts_at'>, [string, number | undefined]> = {
    registration_closes_at: ['when check-in opens', effective?.registrationCloses],
    checkin_opens_at: ['60 minutes before the start', effective?.checkinOpens],
    checkin_closes_at: ['at the start', effective?.checkinCloses],
  };
  const timeField = (name: ScheduleField) => (
    <Controller
      key={name}
      control={form.control}
      name={name}
      render={({ field }) => {
        const fallback = name === 'starts_at' ? undefined : defaults[name];
        return (
          <DateTimePicker
            label={TIME_LABELS[name]}
            description={
              name === 'starts_at'
                ? `Empty while the date is to be announced. Times are in your zone (${ZONE}).`
                : fallback && `Default: ${fallback[0]}${fallback[1] ? ` (${formatTime(new Date(fallback[1]))})` : ''}.`
            }
            clearable
            clearButtonProps={{ 'aria-label': `Clear ${TIME_LABELS[name].toLowerCase()}` }}
            // jsdom lays nothing out, so a detached-looking field would hide its calendar in tests.
            popoverProps={{ hideDetached: false }}
            nextLabel="Next month"
            previousLabel="Previous month"
            valueFormat="ddd D MMM YYYY, HH:mm"
            submitButtonProps={{ 'aria-label': `Set ${TIME_LABELS[name].toLowerCase()}` }}
            timePickerProps={{ hoursInputLabel: 'Hours', minutesInputLabel: 'Minutes' }}
            name={field.name}
            ref={field.ref}
            value={field.value ?? null}
            onBlur={field.onBlur}
            onChange={(v) => field.onChange(v || null)}
            error={errors[name]?.message}
          />
        );
      }}
    />
  );

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
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            {timeField('starts_at')}
            {timeField('registration_closes_at')}
            {timeField('checkin_opens_at')}
            {timeField('checkin_closes_at')}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <NativeSelect
              label="Format"
              data={FORMATS.map((f) => ({ value: f, label: FORMAT_LABELS[f] }))}
              error={errors.format?.message}
              {...form.register('format')}
            />
            <NativeSelect
              label="Best of"
              data={BEST_OF.map((n) => ({ value: n, label: `Best of ${n}` }))}
              error={errors.best_of?.message}
              {...form.register('best_of')}
            />
          </SimpleGrid>
          <NativeSelect
            label="Player IDs"
            description="What registrations accept; real tags are what the game shows on a profile"
            data={PLAYER_ID_RULES.map((r) => ({ value: r, label: PLAYER_ID_RULE_LABELS[r] }))}
            error={errors.player_id_rule?.message}
            {...form.register('player_id_rule')}
          />
          <TextInput
            label="Prize"
            placeholder="Rs500 + Brawl Pass"
            error={errors.prize?.message}
            {...form.register('prize')}
          />
          <Textarea
            label="Rules"
            placeholder="One rule per line; https links are shown as links"
            autosize
            minRows={3}
            maxRows={12}
            error={errors.rules?.message}
            {...form.register('rules')}
          />
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
