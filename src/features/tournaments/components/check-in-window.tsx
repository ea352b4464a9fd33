// When check-in opens and closes, said on the tournament's page with a countdown that ticks (every
// second in the last hour, every minute before), so a captain knows when to come back and sees the
// window open: the page's Check in button shows at that moment (lib/use-phase-clock.ts).
import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { FormattedTime } from '@/components/ui/clock-text';
import { useHydrated } from '@/lib/use-hydrated';
import { useClock } from '@/lib/use-clock';

type Props = { opens: string | null; closes: string | null; phase: string };

const pad = (n: number) => String(n).padStart(2, '0');

/** "2 d 3 h", "1 h 05 min", "12:05" (minutes and seconds). */
export function countdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3_600);
  const m = Math.floor((s % 3_600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${pad(m)} min`;
  return `${pad(m)}:${pad(s % 60)}`;
}

/** Now, moving on until `until`; the server's moment while a page it rendered hydrates. */
function useTicking(until: number | null): number {
  const hydrated = useHydrated();
  const clock = useClock();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!hydrated || until === null) return;
    const left = until - Date.now();
    if (left < -1_000) return;
    const step = left > 3_600_000 ? 60_000 : 1_000;
    const timer = setTimeout(() => setNow(Date.now()), step - (Date.now() % step) + 5);
    return () => clearTimeout(timer);
  }, [hydrated, until, now]);
  return hydrated ? Math.max(now, clock.now.getTime()) : clock.now.getTime();
}

export function CheckInWindow({ opens, closes, phase }: Props) {
  const openAt = opens ? Date.parse(opens) : null;
  const closeAt = closes ? Date.parse(closes) : null;
  const before = phase === 'registration_open' || phase === 'registration_closed';
  const during = phase === 'check_in';
  const now = useTicking(before ? openAt : during ? closeAt : null);
  if (!opens || !closes || !(before || during)) return null;
  return (
    <Text>
      <IconCalendarEvent size={16} aria-hidden style={{ verticalAlign: '-2px' }} /> Check-in:{' '}
      <FormattedTime at={opens} /> to <FormattedTime at={closes} />{' '}
      <Text span fw={700} c={during ? 'green.4' : undefined}>
        {during ? `(open, closes in ${countdown(closeAt! - now)})` : `(opens in ${countdown(openAt! - now)})`}
      </Text>
    </Text>
  );
}
