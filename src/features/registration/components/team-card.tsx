// One team I am on: its tournament (name linking to its page, start time in my zone, phase), the
// team's standing (registered or its waitlist place, check-in), once started my next match or place, every place with the teammate's
// state, and what I may do: confirm or leave a place I was entered in; as captain, name a player
// for a place that was left, check in and withdraw.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Anchor, Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconCircleCheck, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/errors';
import { formatTime, phaseLabel } from '@/lib/schedule';
import { FormError } from '@/components/ui/form-error';
import type { MyRegistration, Place, PlaceState } from '@/features/registration/api/get-my-tournaments';
import { useCheckIn } from '@/features/registration/api/check-in';
import { useConfirmTeamPlace } from '@/features/registration/api/confirm-team-place';
import { useLeaveTeam } from '@/features/registration/api/leave-team';
import { useWithdrawTeam } from '@/features/registration/api/withdraw-team';
import { ClaimDecision } from '@/features/registration/components/claim-decision';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import '@mantine/core/styles/List.css';
import { TournamentBanner } from '@/components/ui/tournament-banner';
import type { NextMatch } from '@/lib/next-match';
import { NextMatchSummary } from '@/features/registration/components/next-match-summary';
import { loadChunk } from '@/lib/chunk';
import { JoinDiscord } from '@/components/ui/join-discord';

// The captain's form (react-hook-form, zod) is not in the page's first download: a card with an
// empty place the captain can fill fetches it at once, so it is normally there before the click.
const loadFillPlaceForm = () => loadChunk(() => import('@/features/registration/components/fill-place-form'));
const FillPlaceForm = lazy(() => loadFillPlaceForm().then((m) => ({ default: m.FillPlaceForm })));

const STATE_COLORS: Record<PlaceState, string> = {
  confirmed: 'green',
  waiting: 'yellow',
  'to accept': 'orange',
  left: 'red',
  'no account': 'gray',
  'not shown': 'gray',
};

function PlaceRow({ team, place }: { team: MyRegistration; place: Place }) {
  const [filling, setFilling] = useState(false);
  const canFill = team.isCaptain && place.state === 'left' && !team.rosterClosed;
  useEffect(() => {
    if (canFill) loadFillPlaceForm().catch(() => {});
  }, [canFill]);
  return (
    <List.Item>
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Text fz="sm">
            Player {place.slot}:{' '}
            {place.player ? (
              <>
                <b>{place.player.in_game_name}</b>{' '}
                <Text span fz="sm" c="dimmed">
                  {place.player.player_id}
                </Text>
                {place.player.mine && ' (you)'}
              </>
            ) : place.state === 'not shown' ? (
              <i>shown once you confirm</i>
            ) : (
              <i>empty place</i>
            )}
          </Text>
          <Badge size="sm" variant="light" color={STATE_COLORS[place.state]} tt="none">
            {place.state}
          </Badge>
          {canFill && !filling && (
            <Button size="compact-xs" variant="light" onClick={() => setFilling(true)}>
              Name player {place.slot}
            </Button>
          )}
        </Group>
        {canFill && filling && (
          <Suspense fallback={null}>
            <FillPlaceForm teamId={team.id} slot={place.slot} onDone={() => setFilling(false)} />
          </Suspense>
        )}
        {team.isCaptain && place.claimedBy && !team.rosterClosed && (
          <ClaimDecision teamId={team.id} slot={place.slot} username={place.claimedBy} />
        )}
      </Stack>
    </List.Item>
  );
}

function CheckInState({ team }: { team: MyRegistration }) {
  const checkIn = useCheckIn();
  const t = team.tournament;
  if (team.checked_in_at) {
    return (
      <Group gap={6}>
        <IconCircleCheck size={16} aria-hidden color="var(--mantine-color-green-5)" />
        <Text fz="sm">Checked in</Text>
      </Group>
    );
  }
  if (t.phase === 'check_in') {
    return (
      <Stack gap={4} align="flex-start">
        <Group gap="xs">
          <Text fz="sm">Not checked in</Text>
          {team.isCaptain && (
            <Button
              size="compact-sm"
              loading={checkIn.isPending}
              onClick={() => checkIn.mutate({ tournamentId: team.tournament.id, teamId: team.id })}
            >
              Check in
            </Button>
          )}
        </Group>
        <FormError message={checkIn.error ? errorMessage(checkIn.error) : null} />
      </Stack>
    );
  }
  if (t.checkin_opens && ['registration_open', 'registration_closed'].includes(t.phase)) {
    return <Text fz="sm">Check-in opens {formatTime(t.checkin_opens)}</Text>;
  }
  return null;
}

/** The small white dot of a Live badge. */
function LiveDot() {
  return <span aria-hidden style={{ display: 'block', width: 6, height: 6, borderRadius: 3, background: 'white' }} />;
}

export function TeamCard({ team, next }: { team: MyRegistration; next?: NextMatch }) {
  const t = team.tournament;
  const confirm = useConfirmTeamPlace();
  const leave = useLeaveTeam();
  const withdraw = useWithdrawTeam();
  const [dialog, setDialog] = useState<'leave' | 'withdraw' | null>(null);
  const solo = t.type === '1v1';
  const teamLabel = team.team_name ?? 'Solo';
  const titleId = `my-team-${team.id}`;

  const closeDialog = () => {
    setDialog(null);
    leave.reset();
    withdraw.reset();
  };

  return (
    <Card component="article" radius="lg" shadow="md" padding="md" aria-labelledby={titleId}>
      <Card.Section mb="sm">
        <TournamentBanner src={t.thumbnail_url} alt={`${t.name} banner`} />
      </Card.Section>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} fz="lg" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={paths.tournament(t.id)} inherit>
              {t.name}
            </Anchor>
          </Title>
          <Badge color="orange" variant="filled" c="dark.9" style={{ flexShrink: 0 }}>
            {t.type}
          </Badge>
        </Group>
        <Group gap={6}>
          <IconCalendar size={16} aria-hidden />
          <Text fz="sm">
            {t.starts_at ? <time dateTime={t.starts_at}>{formatTime(t.starts_at)}</time> : 'Date to be announced'}
          </Text>
          {team.live ? (
            <Badge size="sm" color="red.9" variant="filled" tt="none" leftSection={<LiveDot />}>
              Live
            </Badge>
          ) : (
            <Badge size="sm" variant="light" tt="none">
              {phaseLabel(t.phase)}
            </Badge>
          )}
        </Group>
        <Group gap={6}>
          <IconUsers size={16} aria-hidden />
          <Text fz="sm">
            {solo ? (
              <>
                Playing as <b>{team.places[0]?.player?.in_game_name ?? 'you'}</b>
              </>
            ) : (
              <>
                Team: <b>{teamLabel}</b>
              </>
            )}
          </Text>
          {team.status === 'waitlisted' ? (
            <Badge size="sm" color="yellow" variant="light" tt="none">
              Waitlist #{team.waitlist_position}
            </Badge>
          ) : (
            <Badge size="sm" color="green" variant="light" tt="none">
              Registered
            </Badge>
          )}
        </Group>
        {!team.isCaptain && team.captain_username && <Text fz="sm">{`Entered by ${team.captain_username}`}</Text>}
        {team.myPlace?.state === 'to accept' && (
          <Text fz="sm">{`Confirmed. ${team.captain_username ?? 'The captain'} accepts you on the team next.`}</Text>
        )}
        <CheckInState team={team} />
        {next && <NextMatchSummary next={next} tournamentName={t.name} />}

        <List spacing={4} listStyleType="none" aria-label={`Players of ${teamLabel}`}>
          {team.places.map((place) => (
            <PlaceRow key={place.slot} team={team} place={place} />
          ))}
        </List>

        <FormError message={confirm.error ? errorMessage(confirm.error) : null} />
        <Group gap="sm">
          {team.discordLink && <JoinDiscord href={team.discordLink} compact />}
          {team.myPlace?.state === 'waiting' && !team.rosterClosed && (
            <Button size="compact-sm" loading={confirm.isPending} onClick={() => confirm.mutate(team.id)}>
              Confirm my place
            </Button>
          )}
          {team.myPlace && !team.rosterClosed && (
            <Button size="compact-sm" variant="default" onClick={() => setDialog('leave')}>
              Leave team
            </Button>
          )}
          {team.isCaptain && !team.rosterClosed && (
            <Button size="compact-sm" variant="default" color="red" onClick={() => setDialog('withdraw')}>
              Withdraw
            </Button>
          )}
        </Group>
      </Stack>

      <ConfirmDialog
        opened={dialog === 'leave'}
        title="Leave team"
        confirmLabel="Leave team"
        busy={leave.isPending}
        error={leave.error ? errorMessage(leave.error) : null}
        onCancel={closeDialog}
        onConfirm={() => leave.mutate(team.id, { onSuccess: () => setDialog(null) })}
        message={`Leave ${teamLabel} in ${t.name}? Your place becomes empty until the captain names someone else.`}
      />
      <ConfirmDialog
        opened={dialog === 'withdraw'}
        title="Withdraw team"
        confirmLabel="Withdraw team"
        busy={withdraw.isPending}
        error={withdraw.error ? errorMessage(withdraw.error) : null}
        onCancel={closeDialog}
        onConfirm={() => withdraw.mutate(team.id, { onSuccess: () => setDialog(null) })}
        message={`Withdraw ${teamLabel} from ${t.name}? The slot goes to the next team in line, and this cannot be undone.`}
      />
    </Card>
  );
}
