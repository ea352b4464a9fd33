// A time as the viewer reads it ("Sat 6 Dec, 19:00 IST") and how far off it is ("starts in 2h"),
// each its own small component: when a server-rendered page has hydrated, its times turn from the
// server's UTC to the viewer's zone (lib/use-clock.ts), and only these re-render, not the cards or
// pages around them.
import { formatTime, startsIn } from '@/lib/schedule';
import { useClock } from '@/lib/use-clock';

/** `<time>` with the moment in the viewer's zone. */
export function FormattedTime({ at }: { at: string }) {
  const { timeZone } = useClock();
  return <time dateTime={at}>{formatTime(at, timeZone)}</time>;
}

/** "starts in 2h" / "started 5m ago". */
export function StartsIn({ at }: { at: string }) {
  const { now } = useClock();
  return <>{startsIn(at, now)}</>;
}
