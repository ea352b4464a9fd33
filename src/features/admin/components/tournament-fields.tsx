// The tournament form's fields but its times: what the tournament is (name, description, banner,
// slots, type, Discord link) and how it is played (format, best-of, prize, rules).
import { Controller, type UseFormReturn } from 'react-hook-form';
import { NativeSelect, NumberInput, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/NumberInput.css';
import { TOURNAMENT_TYPES, type Tournament } from '@/lib/tournament';
import {
  BEST_OF,
  FORMAT_LABELS,
  PLAYER_ID_RULES,
  PLAYER_ID_RULE_LABELS,
  FORMATS,
  TOP_CUTS,
  TOP_CUT_FORMATS,
  type TournamentFormInput,
  type TournamentFormValues,
} from '../api/create-tournament';

type Form = UseFormReturn<TournamentFormInput, unknown, TournamentFormValues>;

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

/** Swiss: its rounds, and the top cut that plays on in an elimination bracket. */
function SwissFields({ form }: { form: Form }) {
  const errors = form.formState.errors;
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      <TextInput
        label="Swiss rounds"
        description="Empty: enough for the teams"
        inputMode="numeric"
        error={errors.swiss_rounds?.message}
        {...form.register('swiss_rounds')}
      />
      <NativeSelect
        label="Top cut"
        data={TOP_CUTS.map((n) => ({ value: n, label: n ? `Top ${n}` : 'No top cut' }))}
        error={errors.top_cut?.message}
        {...form.register('top_cut')}
      />
      <NativeSelect
        label="Top cut bracket"
        data={TOP_CUT_FORMATS.map((f) => ({ value: f, label: FORMAT_LABELS[f] }))}
        error={errors.top_cut_format?.message}
        {...form.register('top_cut_format')}
      />
    </SimpleGrid>
  );
}

export function PlayFields({ form }: { form: Form }) {
  const errors = form.formState.errors;
  return (
    <>
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
      {form.watch('format') === 'swiss' && <SwissFields form={form} />}
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
    </>
  );
}
