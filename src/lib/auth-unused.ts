// Stands in for two parts of @supabase/auth-js where its client imports them (vite.config.ts):
// passkeys (WebAuthn) and signing in with a crypto wallet (web3). BrawlCup signs in with an e-mail and
// a password; those parts were about 3 KB gzip of every signed-in screen. The client still builds its
// WebAuthn helper eagerly, so constructing it is allowed; using any of it says why it cannot work.
// (The admin API stays: the client's own signOut calls it.)

function unused(name: string): never {
  throw new Error(`supabase.auth ${name} is not part of BrawlCup's build (vite.config.ts: src/lib/auth-unused.ts)`);
}

class Unused {
  constructor(name: string) {
    return new Proxy(this, {
      get(_, key) {
        // Inspecting it (a console, an await) is fine; using it is not.
        if (typeof key === 'symbol' || key === 'then') return undefined;
        return unused(`${name}.${String(key)}`);
      },
    });
  }
}

/** `supabase.auth.mfa.webauthn`. */
export class WebAuthnApi extends Unused {
  constructor() {
    super('mfa.webauthn');
  }
}

// The names GoTrueClient imports from lib/webauthn and lib/web3/ethereum.
export const browserSupportsWebAuthn = () => false;
export const webAuthnAbortService = { createNewAbortSignal: () => unused('passkeys') };
export const createCredential = () => unused('passkeys');
export const getCredential = () => unused('passkeys');
export const deserializeCredentialCreationOptions = () => unused('passkeys');
export const deserializeCredentialRequestOptions = () => unused('passkeys');
export const serializeCredentialCreationResponse = () => unused('passkeys');
export const serializeCredentialRequestResponse = () => unused('passkeys');
export const createSiweMessage = () => unused('web3 sign-in');
export const fromHex = () => unused('web3 sign-in');
export const getAddress = () => unused('web3 sign-in');
export const toHex = () => unused('web3 sign-in');
