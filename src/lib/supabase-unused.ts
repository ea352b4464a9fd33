// Stands in for @supabase/storage-js and @supabase/functions-js where supabase-js imports them
// (vite.config.ts): the app keeps no files in Supabase Storage and calls no Edge Functions, and
// those two clients were 6.8 KB gzip of every signed-in screen. supabase-js still builds its
// `storage` client eagerly, so constructing one is allowed; using either says why it cannot work.

class Unused {
  constructor(name: string) {
    return new Proxy(this, {
      get(_, key) {
        // Inspecting it (a console, an await) is fine; using it is not.
        if (typeof key === 'symbol' || key === 'then') return undefined;
        throw new Error(
          `supabase.${name} is not part of BrawlCup's build (vite.config.ts replaces it with src/lib/supabase-unused.ts)`,
        );
      },
    });
  }
}

export class StorageClient extends Unused {
  constructor() {
    super('storage');
  }
}

export class FunctionsClient extends Unused {
  constructor() {
    super('functions');
  }
}

// The names supabase-js re-exports from the two packages, so its own exports resolve.
export class StorageApiError extends Error {}
export class FunctionsError extends Error {}
export class FunctionsFetchError extends FunctionsError {}
export class FunctionsHttpError extends FunctionsError {}
export class FunctionsRelayError extends FunctionsError {}
export const FunctionRegion = {} as const;
