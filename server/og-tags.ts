// Link previews for a tournament page: Discord's crawler runs no JavaScript, so the <head> it reads
// must already carry the Open Graph tags. Pure string work on index.html; every value is escaped.

export type PreviewTournament = { name: string; description: string | null; thumbnail_url: string | null };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/**
 * index.html with the tournament's title and og:/twitter: tags. `pageUrl` is the absolute address of
 * the page; a relative banner is made absolute against it (crawlers need a full URL).
 */
export function withTournamentPreview(html: string, t: PreviewTournament, pageUrl: string): string {
  const title = `${t.name} · BrawlCup`;
  const description = (t.description?.trim() || `A Brawl Stars tournament on BrawlCup.`).slice(0, 300);
  let image: string | undefined;
  try {
    image = t.thumbnail_url ? new URL(t.thumbnail_url, pageUrl).href : undefined;
  } catch {
    image = undefined;
  }
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
