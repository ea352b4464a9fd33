// One team I am on: its tournament (name linking to its page, start time in my zone, phase), the
// team's standing (registered or its waitlist place, check-in), once started my next match or place, every place with the teammate's
// state, and what I may do: confirm or leave a place I was entered in; as captain, name a player
// for a place that was left, check in and withdraw.
import { Anchor, Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatTime, phaseLabel } from '@/lib/schedule';
import type { MyRegistration } from '@/features/registration/api/get-my-tournaments';
import '@mantine/core/styles/List.css';
import { TournamentBanner } from '@/components/ui/tournament-banner';
import type { NextMatch } from '@/lib/next-match';
import { NextMatchSummary } from '@/features/registration/components/next-match-summary';
import { PlaceRow } from './team-place-row';
import { CheckInState } from './team-check-in-state';
import { TeamCardActions } from './team-card-actions';

/** The small white dot of a Live badge. */
function LiveDot() {
  return <span aria-hidden style={{ display: 'block', width: 6, height: 6, borderRadius: 3, background: 'white' }} />;
}

export function TeamCard({ team, next }: { team: MyRegistration; next?: NextMatch }) {
  const t = team.tournament;
  const solo = t.type === '1v1';
  const teamLabel = team.team_name ?? 'Solo';
  const titleId = `my-team-${team.id}`;

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

        <TeamCardActions team={team} teamLabel={teamLabel} />
      </Stack>
    </Card>
  );
}
