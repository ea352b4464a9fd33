// The tournament form's identity fields: what the tournament is (name, description, banner, slots,
// type, Discord link). How it is played is in tournament-play-fields.tsx, its times in schedule-fields.tsx.
import { Controller, type UseFormReturn } from 'react-hook-form';
import { NativeSelect, NumberInput, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/NumberInput.css';
import { TOURNAMENT_TYPES, type Tournament } from '@/lib/tournament';
import type { TournamentFormInput, TournamentFormValues } from '../api/create-tournament';

export type Form = UseFormReturn<TournamentFormInput, unknown, TournamentFormValues>;

/** The name is locked when editing (`tournament`): it is the tournament's identity. */
export function IdentityFields({ form, tournament }: { form: Form; tournament: Tournament | null }) {
  const editing = tournament !== null;
  const errors = form.formState.errors;
  return (
    <>
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
          description={tournament && tournament.registered_teams > 0 ? 'Fixed while teams are registered.' : undefined}
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
    </>
  );
}
