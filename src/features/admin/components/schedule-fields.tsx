// The tournament form's four times, picked and shown in the viewer's own zone. Each unset time says
// what the database will use instead (its default), worked out from the start being picked.
import { Controller, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import { SimpleGrid } from '@mantine/core';
import '@mantine/core/styles/Popover.css';
import { DateTimePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { formatTime } from '@/lib/schedule';
import type { TournamentFormInput, TournamentFormValues } from '../api/create-tournament';
import { effectiveSchedule, pickerToIso, SCHEDULE_FIELDS, type ScheduleField } from '../api/tournament-schedule';

const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

const TIME_LABELS: Record<ScheduleField, string> = {
  starts_at: 'Start',
  registration_closes_at: 'Registration closes',
  checkin_opens_at: 'Check-in opens',
  checkin_closes_at: 'Check-in closes',
};

/**
 * A click on the hours or minutes selects what they hold, so typing replaces it: the button's release
 * would otherwise drop the caret between the two digits, and "1830" typed after choosing a day became
 * 10:30 ("0|0" + "1" reads 10, which moves on to the minutes). e2e/organiser-path.test.ts.
 */
const KEEP_SELECTION = { onMouseUp: (event: React.MouseEvent) => event.preventDefault() };
const TIME_PICKER = {
  hoursInputLabel: 'Hours',
  minutesInputLabel: 'Minutes',
  hoursInputProps: KEEP_SELECTION,
  minutesInputProps: KEEP_SELECTION,
};

type FormControl = Control<TournamentFormInput, unknown, TournamentFormValues>;
type Props = { control: FormControl; errors: FieldErrors<TournamentFormInput> };

export function ScheduleFields({ control, errors }: Props) {
  const descriptions = useDescriptions(control);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      {SCHEDULE_FIELDS.map((name) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field }) => (
            <DateTimePicker
              label={TIME_LABELS[name]}
              description={descriptions[name]}
              clearable
              clearButtonProps={{ 'aria-label': `Clear ${TIME_LABELS[name].toLowerCase()}` }}
              // jsdom lays nothing out, so a detached-looking field would hide its calendar in tests.
              popoverProps={{ hideDetached: false }}
              nextLabel="Next month"
              previousLabel="Previous month"
              valueFormat="ddd D MMM YYYY, HH:mm"
              submitButtonProps={{ 'aria-label': `Set ${TIME_LABELS[name].toLowerCase()}` }}
              timePickerProps={TIME_PICKER}
              name={field.name}
              ref={field.ref}
              value={field.value ?? null}
              onBlur={field.onBlur}
              onChange={(v) => field.onChange(v || null)}
              error={errors[name]?.message}
            />
          )}
        />
      ))}
    </SimpleGrid>
  );
}

/** Each field's description: the zone for the start; for the others, their default and its time. */
function useDescriptions(control: FormControl): Record<ScheduleField, string> {
  const watched = useWatch({ control, name: [...SCHEDULE_FIELDS] });
  const effective = effectiveSchedule({
    starts_at: pickerToIso(watched[0]),
    registration_closes_at: pickerToIso(watched[1]),
    checkin_opens_at: pickerToIso(watched[2]),
    checkin_closes_at: pickerToIso(watched[3]),
  });
  const fallback = (rule: string, at: number | undefined) =>
    `Default: ${rule}${at ? ` (${formatTime(new Date(at))})` : ''}.`;
  return {
    starts_at: `Empty while the date is to be announced. Times are in your zone (${ZONE}).`,
    registration_closes_at: fallback('when check-in opens', effective?.registrationCloses),
    checkin_opens_at: fallback('60 minutes before the start', effective?.checkinOpens),
    checkin_closes_at: fallback('at the start', effective?.checkinCloses),
  };
}
