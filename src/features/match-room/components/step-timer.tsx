// The open step's deadline as seconds left. At zero any viewer asks the database to apply it (a
// random legal choice for the side that ran out), again every 2 s until the step has moved on: a
// closed laptop never stalls the match, and the scheduled job does the same with nobody watching.
import { useEffect, useState } from 'react';
import { Group, Text } from '@mantine/core';
import { CountdownRing } from '@/components/ui/countdown-ring';
import { draftTick } from '@/features/match-room/api/draft-tick';

export function StepTimer({ matchId, deadline, total }: { matchId: string; deadline: string; total: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.ceil((Date.parse(deadline) - now) / 1000));

  useEffect(() => {
    const due = Date.parse(deadline) - Date.now();
    let retry: ReturnType<typeof setInterval> | undefined;
    const tick = () => void draftTick(matchId).catch(() => {});
    const start = setTimeout(
      () => {
        tick();
        retry = setInterval(tick, 2000);
      },
      Math.max(0, due) + 300,
    );
    return () => {
      clearTimeout(start);
      clearInterval(retry);
    };
  }, [matchId, deadline]);

  return (
    <Group gap="xs" wrap="nowrap">
      <CountdownRing value={left} total={total} size={36} thickness={4} />
      <Text size="sm" role="timer" aria-label="Time left for this step" style={{ whiteSpace: 'nowrap' }}>
        {left} s
      </Text>
    </Group>
  );
}
