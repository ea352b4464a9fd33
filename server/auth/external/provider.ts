// What Auth needs of an OAuth provider (GoTrue's internal/api/provider/provider.go): the URL a person
// is sent to, the code exchanged for the provider's token, and who that token belongs to. HTTP to the
// provider goes through providerFetch: a time-out and a cap on the answer, as Go's oauth2 caps it.
import { AuthApiError } from '../errors.ts';

/** `[auth.external.<name>]` of config.toml, as GoTrue's OAuthProviderConfiguration. */
export interface ExternalProviderSettings {
  clientId: string;
  secret: string;
  /** The callback registered with the provider; unset, `<API URL>/auth/v1/callback` (the CLI's default). */
  redirectUri?: string;
  /** The provider's host, for a stand-in or a self-hosted one (GoTrue's chooseHost). */
  url?: string;
  /** Sign in even when the provider gives no e-mail address. */
  emailOptional: boolean;
}

export interface ProviderEmail {
  email: string;
  verified: boolean;
  primary: boolean;
}

/** GoTrue's UserProvidedData: the addresses and the claims that become identity_data. */
export interface UserProvidedData {
  emails: ProviderEmail[];
  /** GoTrue's provider.Claims as structs.Map writes them (empty fields left out). */
  metadata: Record<string, unknown> & { sub: string };
}

export interface ProviderToken {
  accessToken: string;
  refreshToken: string;
}

export interface OAuthProvider {
  /** The provider's authorize URL for this state, with the request's extra parameters. */
  authCodeUrl(state: string, extra: [string, string][]): string;
  exchange(code: string): Promise<ProviderToken>;
  userData(token: ProviderToken): Promise<UserProvidedData>;
}

/** GoTrue's chooseHost: the configured URL without its trailing slash, or https://<default>. */
export function chooseHost(base: string | undefined, defaultHost: string): string {
  if (!base) return `https://${defaultHost}`;
  return base.endsWith('/') ? base.slice(0, -1) : base;
}

/** Go's oauth2 reads at most 1 MB of a token answer; GoTrue's provider requests time out after 10 s. */
export const MAX_PROVIDER_ANSWER_BYTES = 1024 * 1024;
const PROVIDER_TIMEOUT_MS = 10_000;

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** A request to the provider: its JSON answer, or ProviderError (unreachable, slow, too large, not JSON, not 2xx). */
export async function providerFetch(url: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    throw new ProviderError(`request failed: ${(error as Error).message}`);
  }
  const text = await readCapped(response);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ProviderError(`answer is not JSON (status ${response.status})`, response.status);
  }
  if (!response.ok) throw new ProviderError(`status ${response.status}`, response.status, body);
  return body;
}

async function readCapped(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > MAX_PROVIDER_ANSWER_BYTES) {
    await response.body?.cancel();
    throw new ProviderError('answer too large');
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (response.body) {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > MAX_PROVIDER_ANSWER_BYTES) throw new ProviderError('answer too large');
      chunks.push(chunk);
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** "Unsupported provider: ..." (400 validation_failed), as GoTrue's /authorize answers. */
export function unsupportedProvider(reason: string): AuthApiError {
  return new AuthApiError('validation_failed', `Unsupported provider: ${reason}`);
}
