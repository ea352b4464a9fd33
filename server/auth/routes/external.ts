// Signing in with a provider, as GoTrue's internal/api/external.go, external_oauth.go and identity.go
// serve it: /authorize sends the person to the provider with a flow state's id as the OAuth state,
// /callback takes the provider's code back, and /user/identities links and unlinks providers.
// Every failure after /authorize is a redirect carrying `error`, `error_code` and `error_description`.
import { Hono, type Context } from 'hono';
import type { ServerContext } from '../../context.ts';
import { logError } from '../../shared/log.ts';
import { currentUser, issueSession } from '../access.ts';
import { AuthApiError } from '../errors.ts';
import { linkIdentity, signInWithIdentity, unlinkIdentity } from '../external/accounts.ts';
import { discordProvider } from '../external/discord.ts';
import {
  completeFlowState,
  createFlowState,
  deleteFlowState,
  findFlowState,
  isPkce,
  validatePkceParams,
  type FlowState,
} from '../external/flow-state.ts';
import { ProviderError, unsupportedProvider, type OAuthProvider, type ProviderToken } from '../external/provider.ts';
import { referrer } from '../redirect.ts';
import { sendLinkMail } from '../mails.ts';
import { findUserById, type UserRow } from '../users.ts';

/** The providers the local Auth speaks; the others GoTrue knows are "not enabled" here. */
const PROVIDERS: Record<string, typeof discordProvider> = { discord: discordProvider };
const GOTRUE_PROVIDERS = new Set(
  (
    'apple azure bitbucket discord facebook figma fly github gitlab google kakao keycloak linkedin linkedin_oidc ' +
    'notion snapchat spotify slack slack_oidc twitch twitter x vercel_marketplace workos zoom'
  ).split(' '),
);
/** OAuth parameters the server sets itself; a request's own are dropped (GoTrue's reservedOAuthParams, less nonce). */
const RESERVED = [
  'client_id',
  'client_secret',
  'redirect_uri',
  'response_type',
  'state',
  'code_challenge',
  'code_challenge_method',
  'code_verifier',
];

/** The provider sent the person back with an error of its own (`error=access_denied`, ...). */
class OAuthRedirectError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(`${error}: ${description}`);
  }
}

/** GoTrue's oauthErrorMap and getErrorQueryString: what the redirect says about a failure. */
function errorParams(error: unknown): Record<string, string> {
  if (error instanceof OAuthRedirectError) return { error: error.error, error_description: error.description };
  if (error instanceof AuthApiError) {
    const denied = ['signup_disabled', 'user_banned', 'provider_email_needs_verification'];
    const byStatus: Record<number, string> = {
      400: 'invalid_request',
      401: 'unauthorized_client',
      403: 'access_denied',
      500: 'server_error',
      503: 'temporarily_unavailable',
    };
    return {
      error: denied.includes(error.code) ? 'access_denied' : (byStatus[error.status] ?? 'server_error'),
      error_description: error.message,
      error_code: error.code,
    };
  }
  logError('auth', 'provider sign-in failed', error);
  return {
    error: 'server_error',
    error_description: 'Unexpected failure, please check server logs for more information',
  };
}

/** `url` with the error in its query (its own parameters kept) and, for older clients, in its fragment. */
function withError(url: string, params: Record<string, string>, fragment: boolean): string {
  const u = new URL(url);
  for (const [key, value] of Object.entries(params)) u.searchParams.set(key, value);
  if (fragment) {
    const hash = new URLSearchParams(params);
    hash.set('sb', '');
    u.hash = hash.toString();
  }
  return u.href;
}

export function externalRoutes(ctx: ServerContext): Hono {
  const { db, config } = ctx;
  const app = new Hono();

  function provider(name: string, scopes = ''): { provider: OAuthProvider; emailOptional: boolean } {
    const key = name.toLowerCase();
    const make = PROVIDERS[key];
    const settings = config.externalProviders?.[key];
    if (!GOTRUE_PROVIDERS.has(key)) throw unsupportedProvider(`Provider ${name} could not be found`);
    if (!make || !settings) throw unsupportedProvider('provider is not enabled');
    const redirectUri = settings.redirectUri ?? `${config.apiUrl}/auth/v1/callback`;
    return { provider: make({ ...settings, redirectUri }, scopes), emailOptional: settings.emailOptional };
  }

  /** GetExternalProviderRedirectURL: a flow state, and the provider's URL with its id as the state. */
  async function providerRedirect(c: Context, linkingTarget?: UserRow): Promise<string> {
    const query = new URL(c.req.url).searchParams;
    const name = query.get('provider') ?? '';
    let chosen: ReturnType<typeof provider>;
    try {
      chosen = provider(name, query.get('scopes') ?? '');
    } catch (error) {
      throw error instanceof AuthApiError ? error : unsupportedProvider(String(error));
    }
    const challenge = query.get('code_challenge') ?? '';
    const method = query.get('code_challenge_method') ?? '';
    validatePkceParams(method, challenge);
    const state = await createFlowState(db, {
      provider: name.toLowerCase(),
      codeChallenge: challenge,
      codeChallengeMethod: method,
      referrer: referrer(config, query.get('redirect_to'), c.req.header('referer')),
      linkingTargetId: linkingTarget?.id,
      emailOptional: chosen.emailOptional,
    });
    const extra = [...query].filter(
      ([key]) => key !== 'provider' && key !== 'scopes' && !RESERVED.includes(key.toLowerCase()),
    );
    return chosen.provider.authCodeUrl(state, extra);
  }

  app.get('/authorize', async (c) => c.redirect(await providerRedirect(c), 302));

  /** loadExternalState: the flow the callback's state names, still usable. */
  async function loadFlowState(state: string | null | undefined): Promise<FlowState> {
    if (!state) throw new AuthApiError('bad_oauth_callback', 'OAuth state parameter missing');
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(state))
      throw new AuthApiError('bad_oauth_state', 'OAuth state parameter is invalid');
    const flow = await findFlowState(db, state);
    if (!flow) throw new AuthApiError('bad_oauth_state', 'OAuth state not found or expired');
    if (flow.expired) throw new AuthApiError('bad_oauth_state', 'OAuth state has expired');
    if (isPkce(flow) && flow.user_id) throw new AuthApiError('flow_state_already_used', 'State has already been used');
    return flow;
  }

  async function callbackParams(c: Context): Promise<URLSearchParams> {
    if (c.req.method !== 'POST') return new URL(c.req.url).searchParams;
    const type = c.req.header('content-type') ?? '';
    if (!type.startsWith('application/x-www-form-urlencoded')) return new URL(c.req.url).searchParams;
    return new URLSearchParams(await c.req.text());
  }

  /** The provider's side of the callback: its error, its code for a token, and who the token is. */
  async function providerUser(flow: FlowState, params: URLSearchParams) {
    const denied = params.get('error');
    if (denied) throw new OAuthRedirectError(denied, params.get('error_description') ?? '');
    const code = params.get('code');
    if (!code) throw new AuthApiError('bad_oauth_callback');
    let chosen: ReturnType<typeof provider>;
    try {
      chosen = provider(flow.provider_type);
    } catch (error) {
      throw new AuthApiError('oauth_provider_not_supported', (error as Error).message);
    }
    let token: ProviderToken;
    try {
      token = await chosen.provider.exchange(code);
    } catch (error) {
      logError('auth', 'exchanging the provider code failed', error);
      throw new AuthApiError('unexpected_failure', `Unable to exchange external code: ${code.slice(0, 4)}`);
    }
    let data;
    try {
      data = await chosen.provider.userData(token);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      logError('auth', 'reading the provider user failed', error);
      throw new AuthApiError('unexpected_failure', 'Error getting user profile from external provider');
    }
    if (data.emails.length === 0 && !flow.email_optional)
      throw new AuthApiError('unexpected_failure', 'Error getting user email from external provider');
    const primary = data.emails.find((e) => e.primary) ?? data.emails.at(-1);
    data.metadata.email = primary?.email;
    data.metadata.email_verified = primary?.verified ?? false;
    data.metadata.phone_verified = false;
    return { token, data };
  }

  /** The accounts' side: sign in (or up) or link, then a session or, for PKCE, an auth code. */
  async function completeSignIn(flow: FlowState, params: URLSearchParams): Promise<string> {
    const { token, data } = await providerUser(flow, params);
    const target = flow.referrer || config.siteUrl;
    const linkingTarget = flow.linking_target_id ? await findUserById(db, flow.linking_target_id) : undefined;
    if (flow.linking_target_id && !linkingTarget)
      throw new AuthApiError('user_not_found', 'Linking target user not found');
    const result = await db.transaction(async (tx) => {
      const outcome = linkingTarget
        ? { kind: 'signed_in' as const, user: await linkIdentity(tx, linkingTarget, flow.provider_type, data) }
        : await signInWithIdentity(tx, flow.provider_type, data, {
            enableSignup: config.enableSignup !== false,
            mailerAutoconfirm: config.mailerAutoconfirm !== false,
            emailOptional: flow.email_optional,
          });
      if (outcome.kind === 'needs_verification') {
        // The account is kept (as GoTrue commits it) and its address gets a confirmation link, at most
        // once per [auth.email] max_frequency however often the sign-in is tried.
        const { rows } = await tx.query(
          `update auth.users set confirmation_sent_at = now() where id = $1 and email is not null
             and (confirmation_sent_at is null or confirmation_sent_at < now() - make_interval(secs => $2)) returning 1`,
          [outcome.user.id, config.rateLimits?.emailMaxFrequency ?? 60],
        );
        if (rows.length > 0) await sendLinkMail(ctx, tx, 'signup', outcome.user, outcome.user.email, target);
        return outcome;
      }
      if (isPkce(flow)) {
        const locked = await findFlowState(tx, flow.id, true);
        if (!locked) throw new AuthApiError('bad_oauth_state', 'OAuth state not found or expired');
        if (locked.user_id) throw new AuthApiError('flow_state_already_used', 'State has already been used');
        await completeFlowState(tx, flow.id, outcome.user.id, token);
        return { kind: 'code' as const };
      }
      const session = await issueSession(ctx, outcome.user, undefined, { method: 'oauth', q: tx });
      await deleteFlowState(tx, flow.id);
      return { kind: 'session' as const, session };
    });
    if (result.kind === 'needs_verification') {
      throw new AuthApiError(
        'provider_email_needs_verification',
        result.user.email
          ? `Unverified email with ${flow.provider_type}. A confirmation email has been sent to your ${flow.provider_type} email`
          : `Unverified email with ${flow.provider_type}. Verify the email with ${flow.provider_type} in order to sign in`,
      );
    }
    if (result.kind === 'code') {
      const u = new URL(target);
      u.searchParams.set('code', flow.auth_code!);
      return u.href;
    }
    const s = result.session;
    const hash = new URLSearchParams({
      access_token: s.access_token,
      expires_at: String(s.expires_at),
      expires_in: String(s.expires_in),
      provider_token: token.accessToken,
      ...(token.refreshToken ? { provider_refresh_token: token.refreshToken } : {}),
      refresh_token: s.refresh_token,
      sb: '',
      token_type: 'bearer',
    });
    hash.sort();
    return `${target}#${hash}`;
  }

  app.on(['GET', 'POST'], '/callback', async (c) => {
    const params = await callbackParams(c);
    let flow: FlowState;
    try {
      flow = await loadFlowState(params.get('state'));
    } catch (error) {
      // No flow, so no page to go back to: the site, the error in the query (GoTrue's loadFlowState).
      return c.redirect(withError(config.siteUrl, errorParams(error), false), 303);
    }
    try {
      return c.redirect(await completeSignIn(flow, params), 302);
    } catch (error) {
      return c.redirect(withError(flow.referrer || config.siteUrl, errorParams(error), true), 302);
    }
  });

  // Linking by hand: the signed-in user's account gets the provider's identity.
  app.get('/user/identities/authorize', async (c) => {
    const { user } = await currentUser(ctx, c);
    if (!config.manualLinking) throw new AuthApiError('manual_linking_disabled');
    const url = await providerRedirect(c, user);
    if (c.req.query('skip_http_redirect') === 'true') return c.json({ url });
    return c.redirect(url, 302);
  });

  app.delete('/user/identities/:id', async (c) => {
    const { user } = await currentUser(ctx, c);
    if (!config.manualLinking) throw new AuthApiError('manual_linking_disabled');
    await db.transaction((tx) => unlinkIdentity(tx, user, c.req.param('id')));
    return c.json({});
  });

  return app;
}
