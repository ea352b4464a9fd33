// The registration form's fields and submission (spec sections 4 and 5): fields by tournament type,
// validated by the same schema the register_team call uses; server errors appear in the red box.
// Player 1 starts as the player themself (their player ID and username).
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { FormError } from '@/components/ui/form-error';
import type { OwnPlayer } from '@/lib/profile-status';
import { errorMessage } from '@/lib/errors';
import { playerIdRule } from '@/lib/player-rules';
import type { Tournament } from '@/lib/tournament';
import {
  TEAM_SIZE,
  emptyRegistration,
  registerTeamSchema,
  useRegisterTeam,
  type RegisterTeamInput,
  type RegisterTeamValues,
  type RegisteredTeam,
} from '../api/register-team';

export type Props = {
  /** player_id_rule: the organiser's choice of player IDs (the seed's 9 characters when absent). */
  tournament: Pick<Tournament, 'id' | 'name' | 'type'> & { player_id_rule?: string | null };
  id?: string;
  /** The card swaps the form for the countdown; the cached list already knows the team. */
  onRegistered: (team: RegisteredTeam) => void;
  /** Join the waitlist of a full tournament (the tournament page's "Join the waitlist"). */
  waitlist?: boolean;
  /** Where "Sign in" comes back to (login honours a same-site ?next=). */
  next?: string;
};

/** Player 1 as the player themself: the solo entrant, or a team's captain. */
function prefilled(type: Tournament['type'], own: OwnPlayer | null): RegisterTeamInput {
  const values = emptyRegistration(type);
  if (own?.gameId) values.players[0] = { playerId: own.gameId, inGameName: own.username };
  return values;
}

export function EntryForm({ tournament, id, onRegistered, waitlist = false, own }: Props & { own: OwnPlayer | null }) {
  const rule = tournament.player_id_rule === 'brawl_stars' ? 'brawl_stars' : 'seed';
  const schema = useMemo(() => registerTeamSchema(tournament.type, rule), [tournament.type, rule]);
  const ids = playerIdRule(rule);
  const form = useForm<RegisterTeamInput, unknown, RegisterTeamValues>({
    resolver: zodResolver(schema),
    defaultValues: prefilled(tournament.type, own),
  });
  const registration = useRegisterTeam();
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    let team: RegisteredTeam;
    try {
      team = await registration.mutateAsync({ tournamentId: tournament.id, type: tournament.type, values, waitlist });
    } catch {
      return; // The form stays open and shows registration.error.
    }
    // Awaited rather than a mutate callback: the cached list already marks the card registered, which
    // unmounts this form, and a callback would not outlive it.
    form.reset(prefilled(tournament.type, own));
    onRegistered(team);
  });
  const submitting = registration.isPending;

  const size = TEAM_SIZE[tournament.type];

  return (
    <form id={id} onSubmit={onSubmit} noValidate aria-label={`Register for ${tournament.name}`}>
      <Stack gap="sm">
        {tournament.type !== '1v1' && (
          <Text size="xs" c="dimmed">
            A teammate whose player ID belongs to an account is invited: they confirm their place in My Tournaments.
          </Text>
        )}
        {tournament.type !== '1v1' && (
          <TextInput
            label="Team Name"
            placeholder="Your team's name"
            required
            autoComplete="off"
            error={errors.teamName?.message}
            {...form.register('teamName')}
          />
        )}
        {Array.from({ length: size }, (_, i) => (
          <fieldset key={i} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
            {size > 1 && (
              <Text component="legend" size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
                Player {i + 1}
              </Text>
            )}
            {/* Container query: two columns only when the card itself is wide enough. */}
            <SimpleGrid type="container" cols={{ base: 1, '420px': 2 }} spacing="sm">
              <TextInput
                label={`Player ${i + 1} ID`}
                placeholder={rule === 'brawl_stars' ? '#2PP8LQ9JR' : '#ABC123XYZ'}
                description={ids.hint}
                {...ids.input}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                required
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                error={errors.players?.[i]?.playerId?.message}
                {...form.register(`players.${i}.playerId` as const)}
              />
              <TextInput
                label={`Player ${i + 1} In-Game Name`}
                placeholder="Name shown in the game"
                required
                autoComplete="off"
                error={errors.players?.[i]?.inGameName?.message}
                {...form.register(`players.${i}.inGameName` as const)}
              />
            </SimpleGrid>
          </fieldset>
        ))}
        <FormError message={registration.error ? errorMessage(registration.error) : null} />
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={submitting}
            disabled={submitting}
            leftSection={<IconSend size={16} aria-hidden />}
            fullWidth
          >
            {waitlist ? 'Join the waitlist' : 'Submit Registration'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
