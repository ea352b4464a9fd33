// Link previews for a tournament page: Discord's crawler runs no JavaScript, so the <head> it reads
// must already carry the Open Graph tags. Pure string work on index.html; every value is escaped.
// The start time is written as the app writes it (src/lib/schedule.ts), in UTC.
import { formatTime } from '../src/lib/schedule.ts';

export type PreviewTournament = {
  name: string;
  description: string | null;
  thumbnail_url: string | null;
  starts_at?: string | Date | null;
  prize?: string | null;
  slots?: number | null;
  registered_teams?: number | null;
};

/** "Starts Sat 6 Dec, 13:30 UTC · Prize: Rs500 · 3 of 8 slots left": a crawler has no time zone, so UTC. */
export function previewDetails(t: PreviewTournament): string {
  const parts: string[] = [];
  if (t.starts_at) {
    const date = new Date(t.starts_at);
    if (!Number.isNaN(date.getTime())) parts.push(`Starts ${formatTime(date, 'UTC', 'en-GB')}`);
  }
  if (t.prize?.trim()) parts.push(`Prize: ${t.prize.trim()}`);
  if (typeof t.slots === 'number' && t.slots > 0) {
    const left = Math.max(0, t.slots - (t.registered_teams ?? 0));
    parts.push(left === 0 ? `Full (${t.slots} slots)` : `${left} of ${t.slots} slots left`);
  }
  return parts.join(' · ');
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/**
 * index.html with the tournament's title and og:/twitter: tags. `pageUrl` is the absolute address of
 * the page; a relative banner is made absolute against it (crawlers need a full URL).
 */
export function withTournamentPreview(html: string, t: PreviewTournament, pageUrl: string): string {
  const title = `${t.name} · BrawlCup`;
  const details = previewDetails(t);
  const text = (t.description?.trim() || `A Brawl Stars tournament on BrawlCup.`).slice(0, 300);
  const description = details ? `${details}. ${text}` : text;
  // Only an https banner: crawlers (Discord's among them) fetch nothing else.
  let image: string | undefined;
  try {
    image = t.thumbnail_url ? new URL(t.thumbnail_url, pageUrl).href : undefined;
  } catch {
    image = undefined;
  }
  if (image && !image.startsWith('https://')) image = undefined;
  const tags: [string, string, string | undefined][] = [
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:type', 'website'],
    ['property', 'og:url', pageUrl],
    ['property', 'og:image', image],
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
  ];
  const meta = tags
    .filter(([, , content]) => content !== undefined)
    .map(([attr, key, content]) => `<meta ${attr}="${key}" content="${escape(content!)}">`)
    .join('\n    ');
  return html
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escape(title)}</title>`)
    .replace('</head>', () => `    ${meta}\n  </head>`);
}
