// zod as the app uses it: every schema imports `z` from here, not from 'zod' itself.
// zod compiles object schemas with `new Function` when it may; the page's Content-Security-Policy
// has no 'unsafe-eval', so it is told up front, before any schema parses, instead of trying (and
// tripping the policy). Whichever screen loads first (a form before the Supabase client, say), this
// runs before its schemas.
import { config, z } from 'zod';

config({ jitless: true });

export { z };
