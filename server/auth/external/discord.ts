// Signing in with Discord, as GoTrue's internal/api/provider/discord.go does it: Discord's OAuth2
// authorize and token endpoints and GET /users/@me under chooseHost(url, "discord.com") + "/api",
// the scopes "email identify", and the same claims (the name as username#discriminator, the avatar's
// CDN URL, global_name among the custom claims).
import { z } from 'zod';
import {
  chooseHost,
  providerFetch,
  ProviderError,
  type ExternalProviderSettings,
  type OAuthProvider,
  type ProviderToken,
  type UserProvidedData,
} from './provider.ts';

/** Discord's user object (https://discord.com/developers/docs/resources/user), the fields GoTrue reads. */
const discordUser = z.object({
  id: z.string().min(1),
  username: z.string().default(''),
  discriminator: z.string().default(''),
  global_name: z.string().nullish(),
  avatar: z.string().nullish(),
  email: z.string().nullish(),
  verified: z.boolean().nullish(),
});

/** Discord's token answer (an OAuth2 access token response). */
const tokenAnswer = z.object({ access_token: z.string().min(1), refresh_token: z.string().optional() });

export function discordProvider(
  settings: ExternalProviderSettings & { redirectUri: string },
  scopes = '',
): OAuthProvider {
  const apiPath = `${chooseHost(settings.url, 'discord.com')}/api`;
  const allScopes = ['email', 'identify', ...(scopes ? scopes.split(',') : [])];

  return {
    authCodeUrl(state, extra) {
      // Go's url.Values.Encode: keys in order; the reserved ones are the server's own.
      const params = new Map<string, string>([
        ['client_id', settings.clientId],
        ['redirect_uri', settings.redirectUri],
        ['response_type', 'code'],
        ['scope', allScopes.join(' ')],
        ['state', state],
      ]);
      for (const [key, value] of extra) params.set(key, value);
      const query = new URLSearchParams([...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      return `${apiPath}/oauth2/authorize?${query}`;
    },

    async exchange(code) {
      // Client credentials in HTTP Basic, the first style Go's oauth2 tries (and Discord's docs show).
      const basic = Buffer.from(
        `${encodeURIComponent(settings.clientId)}:${encodeURIComponent(settings.secret)}`,
      ).toString('base64');
      const body = await providerFetch(`${apiPath}/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: settings.redirectUri }),
      });
      const token = tokenAnswer.safeParse(body);
      if (!token.success) throw new ProviderError('server response missing access_token');
      return { accessToken: token.data.access_token, refreshToken: token.data.refresh_token ?? '' };
    },

    async userData(token: ProviderToken): Promise<UserProvidedData> {
      const body = await providerFetch(`${apiPath}/users/@me`, {
        headers: { authorization: `Bearer ${token.accessToken}`, accept: 'application/json' },
      });
      const parsed = discordUser.safeParse(body);
      if (!parsed.success) throw new ProviderError('the user object has no id or fields of the wrong type');
      const u = parsed.data;
      let avatarUrl: string;
      if (!u.avatar) {
        // The default avatar is the discriminator modulo 5; GoTrue fails on a discriminator that is not a number.
        const discriminator = Number.parseInt(u.discriminator, 10);
        if (!/^-?\d+$/.test(u.discriminator)) throw new ProviderError('discriminator is not a number');
        avatarUrl = `https://cdn.discordapp.com/embed/avatars/${discriminator % 5}.png`;
      } else {
        const extension = u.avatar.startsWith('a_') ? 'gif' : 'png';
        avatarUrl = `https://cdn.discordapp.com/avatars/${u.id}/${u.avatar}.${extension}`;
      }
      const email = u.email ?? '';
      return {
        emails: email ? [{ email, verified: u.verified === true, primary: true }] : [],
        metadata: {
          iss: apiPath,
          sub: u.id,
          name: `${u.username}#${u.discriminator}`,
          picture: avatarUrl,
          custom_claims: { global_name: u.global_name ?? '' },
          avatar_url: avatarUrl,
          full_name: u.username || undefined,
          provider_id: u.id,
        },
      };
    },
  };
}
