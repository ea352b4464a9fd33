// One place on a team I am on: the player (or why there is none) and the place's state; as captain,
// naming a player for a place that was left, and accepting or refusing an account that claimed it.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import type { MyRegistration, Place, PlaceState } from '@/features/registration/api/get-my-tournaments';
import { ClaimDecision } from '@/features/registration/components/claim-decision';
import { loadChunk } from '@/lib/chunk';

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

export function PlaceRow({ team, place }: { team: MyRegistration; place: Place }) {
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
