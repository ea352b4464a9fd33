// PLACEHOLDER
import type { ServerContext } from '../context.ts';
export async function ensureAdmin(_ctx: ServerContext, _email: string, _password: string): Promise<boolean> {
  return false;
}
