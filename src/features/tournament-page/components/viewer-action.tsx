// What the viewer can do on a tournament's page, and where their team stands: register (or join the
// waitlist when it is full), check in during the window, withdraw until check-in closes, the
// Discord link once registered. Visitors are asked to sign in and come back here. The database
// checks every one of these again; its refusals show in the red box.
import { Suspense, useState, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { Badge, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconBrandDiscord, IconCircleCheck, IconClockHour4, IconLogin, IconLogout } from '@tabler/icons-react';
import { FormError } from '@/components/ui/form-error';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { paths } from '@/config/paths';
import type { Tournament } from '@/lib/tournament';
import type { Tables } from '@/types/database';
import type { PageTournament } from '../api/get-tournament';
import { useMyTeam, type MyTeam } from '../api/get-my-team';
import { useDiscordLink } from '../api/get-discord-link';
import { useWithdrawTeam } from '../api/withdraw-team';
import { useCheckIn } from '../api/check-in';
import { WithdrawDialog } from './withdraw-dialog';

export const SIGN_IN_MESSAGE = 'Please sign in to register.';
export const FULL_MESSAGE = 'The tournament is full';

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
    onRegistered: (team: Tables<'teams'> & { discord_link?: string | null }) => void;
  }>;
  /** The 5-second ad countdown, then the Discord link. */
  Success: ComponentType<{ discordLink: string | null }>;
};

/** Once check-in has closed (or the tournament started, ended or was cancelled) the team is fixed. */
export function rosterClosed(t: PageTournament, now = new Date()): boolean {
  if (['in_progress', 'completed', 'cancelled'].includes(t.phase)) return true;
  return !!t.checkin_closes && now.getTime() >= new Date(t.checkin_closes).getTime();
}

function TeamState({ team }: { team: MyTeam }) {
  if (team.status === 'waitlisted') {
    return (
      <Badge color="yellow" variant="light" size="lg" tt="none" leftSection={<IconClockHour4 size={14} aria-hidden />}>
        Waitlisted #{team.waitlist_position ?? '?'}
      </Badge>
    );
  }
  return (
    <Badge color="green" variant="light" size="lg" tt="none" leftSection={<IconCircleCheck size={14} aria-hidden />}>
      {team.checked_in_at ? 'Checked in' : 'Registered'}
    </Badge>
  );
}

export function ViewerAction({
  tournament,
  registration,
}: {
  tournament: PageTournament;
  registration: RegistrationParts;
}) {
  const { user, isAdmin } = useAuth();
  const userId = user?.id ?? null;
  const myTeam = useMyTeam(tournament.id, userId);
  const team = myTeam.data ?? null;
  const discordAllowed = isAdmin || team?.status === 'registered';
  const discord = useDiscordLink(tournament.id, userId, discordAllowed);
  const withdraw = useWithdrawTeam();
  const checkIn = useCheckIn();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [registered, setRegistered] = useState<'registered' | 'waitlisted' | null>(null);
  // A waitlisted team promoted while the page is open (a slot freed) hears it here, live.
  const [seenStatus, setSeenStatus] = useState<MyTeam['status'] | null>(null);
  const [promoted, setPromoted] = useState(false);
  if ((team?.status ?? null) !== seenStatus) {
    setPromoted(seenStatus === 'waitlisted' && team?.status === 'registered');
    setSeenStatus(team?.status ?? null);
  }
  const here = paths.tournament(tournament.id);
  const full = tournament.registered_teams >= tournament.slots;
  const { Form, Success, preload } = registration;

  // The invite the registration read, until the page's own read of it arrives. A disabled query keeps
  // its last answer, so after a withdrawal the cached link is not shown.
  const [registeredLink, setRegisteredLink] = useState<string | null>(null);
  const discordLink = (discordAllowed ? discord.data : undefined) ?? registeredLink;
  const joinDiscord = discordLink && registered !== 'registered' && (
    <Button
      component="a"
      href={discordLink}
      target="_blank"
      rel="noopener noreferrer"
      color="indigo.8"
      leftSection={<IconBrandDiscord size={18} aria-hidden />}
    >
      Join Discord
    </Button>
  );

  // After a registration on this page: the countdown, then the Discord link, above the team's state.
  // The same place in the tree whatever follows it, so the countdown is not restarted.
  return (
    <Stack gap="md">
      {registered === 'registered' && (
        <Suspense fallback={null}>
          <Success discordLink={discordLink} />
        </Suspense>
      )}
      {body()}
    </Stack>
  );

  function body() {
    if (team) {
      const canCheckIn = team.captain && tournament.phase === 'check_in' && !team.checked_in_at;
      const canWithdraw = team.captain && !rosterClosed(tournament);
      return (
        <Stack gap="sm">
          <Group gap="sm" wrap="wrap">
            <Text fw={700}>Your team</Text>
            <TeamState team={team} />
          </Group>
          {promoted && (
            <Text size="sm" fw={700} role="status">
              You&apos;re in! A slot freed up and your team is registered.
            </Text>
          )}
          {registered === 'waitlisted' && team.status === 'waitlisted' && (
            <Text size="sm" c="dimmed" role="status">
              You are on the waitlist. You get a slot when a registered team withdraws.
            </Text>
          )}
          {joinDiscord}
          <FormError message={checkIn.error ? errorMessage(checkIn.error) : null} />
          <Group gap="sm">
            {canCheckIn && (
              <Button
                loading={checkIn.isPending}
                onClick={() => checkIn.mutate({ tournamentId: tournament.id, teamId: team.id })}
              >
                Check in
              </Button>
            )}
            {canWithdraw && (
              <Button
                variant="default"
                color="red"
                leftSection={<IconLogout size={16} aria-hidden />}
                onClick={() => {
                  withdraw.reset();
                  setConfirming(true);
                }}
              >
                Withdraw
              </Button>
            )}
          </Group>
          <WithdrawDialog
            opened={confirming}
            tournamentName={tournament.name}
            withdrawing={withdraw.isPending}
            error={withdraw.error ? errorMessage(withdraw.error) : null}
            onCancel={() => setConfirming(false)}
            onConfirm={() =>
              withdraw.mutate(team.id, {
                onSuccess: () => {
                  setConfirming(false);
                  setRegistered(null);
                  setRegisteredLink(null);
                },
              })
            }
          />
        </Stack>
      );
    }

    if (registered === 'registered' || (userId && myTeam.isPending)) return null;
    if (myTeam.error) return <FormError message={errorMessage(myTeam.error)} />;

    if (tournament.phase !== 'registration_open') {
      return (
        <Stack gap="sm">
          <Text fw={600}>
            {tournament.phase === 'cancelled' ? 'This tournament was cancelled.' : 'Registration is closed.'}
          </Text>
          {joinDiscord}
        </Stack>
      );
    }

    return (
      <Stack gap="sm">
        {full && (
          <Text fw={700} c="red.4">
            {FULL_MESSAGE}
          </Text>
        )}
        {joinDiscord}
        {!open ? (
          <Button
            size="md"
            onClick={() => setOpen(true)}
            onPointerEnter={preload}
            onTouchStart={preload}
            onFocus={preload}
            style={{ alignSelf: 'flex-start' }}
          >
            {full ? 'Join the waitlist' : 'Register'}
          </Button>
        ) : !user ? (
          <Stack gap="sm">
            <FormError message={SIGN_IN_MESSAGE} />
            <Button
              component={Link}
              to={`${paths.login}?next=${here}`}
              variant="light"
              leftSection={<IconLogin size={16} aria-hidden />}
              style={{ alignSelf: 'flex-start' }}
            >
              Sign in
            </Button>
          </Stack>
        ) : (
          <>
            <Suspense
              fallback={
                <Center>
                  <Loader size="sm" aria-label="Loading" />
                </Center>
              }
            >
              <Form
                tournament={tournament}
                waitlist={full}
                next={here}
                onRegistered={(t) => {
                  setOpen(false);
                  setRegistered(t.status === 'waitlisted' ? 'waitlisted' : 'registered');
                  setRegisteredLink(t.discord_link ?? null);
                }}
              />
            </Suspense>
            <Button variant="subtle" color="gray" onClick={() => setOpen(false)} style={{ alignSelf: 'flex-start' }}>
              Cancel
            </Button>
          </>
        )}
      </Stack>
    );
  }
}
