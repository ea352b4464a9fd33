// Where Auth sends a person back to (GoTrue's utilities.GetReferrer): the request's redirect_to when
// it is the site or one of `[auth] additional_redirect_urls`, else the Referer header when it is,
// else the site URL. Anything else would let a crafted link hand a session to another site.
import type { ServerConfig } from '../context.ts';

function allowed(
  config: Pick<ServerConfig, 'siteUrl' | 'apiUrl' | 'additionalRedirectUrls'>,
  candidate?: string | null,
) {
  if (!candidate) return undefined;
  const bases = [config.siteUrl, config.apiUrl, ...config.additionalRedirectUrls].filter(Boolean);
  try {
    const url = new URL(candidate);
    if (bases.some((a) => url.href.startsWith(a.replace(/\/$/, '')) && new URL(a).origin === url.origin))
      return url.href;
  } catch {
    // not a URL
  }
  return undefined;
}

export function referrer(
  config: Pick<ServerConfig, 'siteUrl' | 'apiUrl' | 'additionalRedirectUrls'>,
  redirectTo: string | null | undefined,
  refererHeader?: string | null,
): string {
  return allowed(config, redirectTo) ?? allowed(config, refererHeader) ?? config.siteUrl;
}
