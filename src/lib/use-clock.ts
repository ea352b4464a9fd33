// The clock a screen writes times with. A page the server rendered shows its times as the server
// wrote them (its moment, in UTC: it cannot know the viewer's zone) until it has hydrated, then the
// viewer's own clock and zone; a page the browser rendered uses those at once.
import { useHydrated } from '@/lib/use-hydrated';
import { useServerRender } from '@/lib/server-render';

export type Clock = {
  now: Date;
  /** For formatTime: 'UTC' as the server wrote it, undefined for the viewer's own zone. */
  timeZone: 'UTC' | undefined;
};

export function useClock(): Clock {
  const hydrated = useHydrated();
  const server = useServerRender();
  if (!hydrated && server) return { now: server.now, timeZone: 'UTC' };
  return { now: new Date(), timeZone: undefined };
}
