// What the viewer can do on a tournament's page, and where their team stands: register (or join the
// waitlist when it is full), check in during the window, withdraw until check-in closes, the
// Discord link once registered. Visitors are asked to sign in and come back here. The database
// checks every one of these again; its refusals show in the red box.
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Stack, Text } from '@mantine/core';
import { FormError } from '@/components/ui/form-error';
import { JoinDiscord } from '@/components/ui/join-discord';
import { useAuth } from '@/lib/auth';
import { loadChunk } from '@/lib/chunk';
import { errorMessage } from '@/lib/errors';
import type { Tournament } from '@/lib/tournament';
import type { Tables } from '@/types/database';
import { useMyTeam } from '@/lib/my-team';
import { useDiscordLink } from '../api/get-discord-link';
import { RegisterPanel } from './register-panel';

const TeamPanel = lazy(() => loadChunk(() => import('./team-panel')).then((m) => ({ default: m.TeamPanel })));

/** A team as the registration form hands it back. */
export type RegisteredTeam = Tables<'teams'> & { discord_link?: string | null };

/**
 * The registration flow of the tournament cards, handed in by the route (features stay apart). The
 * form may be a lazy component: `preload` starts its download when the viewer looks like registering.
 */
export type RegistrationParts = {
  preload?: () => void;
  Form: ComponentType<{
    tournament: Pick<Tournament, 'id' | 'name' | 'type'>;
    waitlist?: boolean;
    next?: string;
    onRegistered: (team: RegisteredTeam) => void;
  }>;
  /** The 5-second ad countdown, then the Discord link. */
  Success: ComponentType<{ discordLink: string | null }>;
};

/** What the viewer's part of a tournament's page reads of the tournament (its page's row has it). */
export type ViewedTournament = Pick<Tournament, 'id' | 'name' | 'type' | 'slots' | 'registered_teams'> & {
  phase: string;
  checkin_closes: string | null;
};

type Props = { tournament: ViewedTournament; registration: RegistrationParts };

/** Why a viewer without a team cannot register, once that is not simply the closed registration. */
const CLOSED_WORDS: Record<string, string> = {
  cancelled: 'This tournament was cancelled.',
  in_progress: 'The tournament is under way: follow it in the bracket below.',
  completed: 'This tournament is over.',
};

export function ViewerAction({ tournament, registration }: Props) {
  const { user, isAdmin } = useAuth();
  const userId = user?.id ?? null;
  const myTeam = useMyTeam(tournament.id);
  const team = myTeam.data ?? null;
  const discordAllowed = isAdmin || team?.status === 'registered';
  const discord = useDiscordLink(tournament.id, userId, discordAllowed);
  // A registration made on this page, and the invite it read, until the page's own read arrives. A
  // disabled query keeps its last answer, so after a withdrawal the cached link is not shown.
  const [registered, setRegistered] = useState<{ status: 'registered' | 'waitlisted'; link: string | null } | null>(
    null,
  );
  // Register tapped, kept here rather than in the panel: a tap on the page the server rendered (for a
  // visitor) lands before the session and the player's own entry are read, and the panel is replaced
  // meanwhile; the form then opens once the page knows the player has no entry yet.
  const [formOpen, setFormOpen] = useState(false);
  const discordLink = (discordAllowed ? discord.data : undefined) ?? registered?.link ?? null;
  const justRegistered = registered?.status === 'registered';
  const joinDiscord = discordLink && !justRegistered && <JoinDiscord href={discordLink} />;
  const { Success } = registration;

  // After a registration on this page: the countdown, then the Discord link, above the team's state.
  // The same place in the tree whatever follows it, so the countdown is not restarted.
  return (
    <Stack gap="md">
      {justRegistered && (
        <Suspense fallback={null}>
          <Success discordLink={discordLink} />
        </Suspense>
      )}
      {team ? (
        <Suspense fallback={null}>
          <TeamPanel
            tournament={tournament}
            team={team}
            justWaitlisted={registered?.status === 'waitlisted'}
            joinDiscord={joinDiscord}
            onWithdrawn={() => setRegistered(null)}
          />
        </Suspense>
      ) : justRegistered || (userId && myTeam.isPending) ? null : myTeam.error ? (
        <FormError message={errorMessage(myTeam.error)} />
      ) : tournament.phase !== 'registration_open' ? (
        <Stack gap="sm">
          <Text fw={600}>{CLOSED_WORDS[tournament.phase] ?? 'Registration is closed.'}</Text>
          {joinDiscord}
        </Stack>
      ) : (
        <RegisterPanel
          tournament={tournament}
          registration={registration}
          signedIn={!!user}
          joinDiscord={joinDiscord}
          open={formOpen}
          setOpen={setFormOpen}
          onRegistered={(t) =>
            setRegistered({
              status: t.status === 'waitlisted' ? 'waitlisted' : 'registered',
              link: t.discord_link ?? null,
            })
          }
        />
      )}
    </Stack>
  );
}
