// The tournament form's fields on how it is played: format (with Swiss rounds and top cut), best-of,
// which player IDs registrations accept, prize and rules.
import { NativeSelect, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import {
  BEST_OF,
  FORMAT_LABELS,
  PLAYER_ID_RULES,
  PLAYER_ID_RULE_LABELS,
  FORMATS,
  TOP_CUTS,
  TOP_CUT_FORMATS,
} from '../api/create-tournament';
import type { Form } from './tournament-fields';

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
