// Which notifications the user gets, per kind, in the app, as a push and (when the site sends mail)
// by e-mail.
import { Text, Title } from '@mantine/core';
import classes from './preferences-table.module.css';
import { errorMessage } from '@/lib/errors';
import {
  usePreferences,
  useSetPreference,
  type Preference,
} from '@/features/notifications/api/notification-preferences';
import { LoadingSpinner } from '@/components/ui/loading-screen';

const LABELS: Record<string, string> = {
  registration_confirmed: 'Registration confirmed',
  registration_waitlisted: 'Put on the waitlist',
  promoted: 'Moved up from the waitlist',
  added_to_team: 'Added to a team',
  checkin_open: 'Check-in open',
  checkin_closing: 'Check-in closing soon',
  bracket_started: 'Bracket started',
  match_ready: 'Your match is ready',
  opponent_reported: 'Opponent reported a result',
  result_confirmed: 'Result confirmed',
  dispute_settled: 'Dispute settled',
  eliminated: 'Eliminated, with your place',
  champion: 'Champion',
  dispute_opened: 'Disputes (administrators)',
  no_shows: 'No-shows (administrators)',
};

type Channel = 'in_app' | 'push' | 'email';

const CHANNELS: { key: Channel; heading: string; label: string }[] = [
  { key: 'in_app', heading: 'In the app', label: 'in the app' },
  { key: 'push', heading: 'Push', label: 'as a push' },
  { key: 'email', heading: 'E-mail', label: 'by e-mail' },
];

export function PreferencesTable({ userId }: { userId: string }) {
  const preferences = usePreferences(userId);
  const save = useSetPreference(userId);
  const toggle = (p: Preference, channel: Channel) => save.mutate({ ...p, [channel]: !p[channel] });
  const channels = CHANNELS.filter((c) => c.key !== 'email' || preferences.data?.some((p) => p.email !== null));
  return (
    <section aria-labelledby="notification-preferences">
      <Title order={2} size="h5" id="notification-preferences" mb="xs">
        What to tell you
      </Title>
      {(save.error ?? preferences.error) && (
        <Text c="red.4" role="alert" mb="xs">
          {errorMessage(save.error ?? preferences.error)}
        </Text>
      )}
      {!preferences.data ? (
        <LoadingSpinner size="sm" label="Loading your preferences" />
      ) : (
        // Plain elements: Mantine's Table and Checkbox would split chunks the tournament page shares.
        <div style={{ overflowX: 'auto' }}>
          <table className={classes.table}>
            <thead>
              <tr>
                <th scope="col">Event</th>
                {channels.map((c) => (
                  <th key={c.key} scope="col">
                    {c.heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preferences.data.map((p) => (
                <tr key={p.kind}>
                  <th scope="row">{LABELS[p.kind] ?? p.kind}</th>
                  {channels.map((c) => (
                    <td key={c.key}>
                      <input
                        type="checkbox"
                        aria-label={`${LABELS[p.kind] ?? p.kind} ${c.label}`}
                        checked={p[c.key] ?? false}
                        onChange={() => toggle(p, c.key)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
