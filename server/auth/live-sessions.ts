// Whether the session an access token names still exists, asked of the database at most every few
// seconds per session: signed-out, revoked and deleted users' tokens stop working everywhere.
import type { Queryable } from '../db/database.ts';

const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class LiveSessions {
  /** session id -> when the database last said it exists. Map order is least recently checked first. */
  private readonly seen = new Map<string, number>();
  constructor(
    private readonly db: Queryable,
    private readonly now: () => number = Date.now,
  ) {}

  async exists(sessionId: string): Promise<boolean> {
    if (!UUID.test(sessionId)) return false;
    const at = this.seen.get(sessionId);
    if (at !== undefined && this.now() - at < TTL_MS) return true;
    const { rows } = await this.db.query('select 1 from auth.sessions where id = $1', [sessionId]);
    this.seen.delete(sessionId);
    if (rows.length === 0) return false;
    this.seen.set(sessionId, this.now());
    if (this.seen.size > MAX_ENTRIES) this.seen.delete(this.seen.keys().next().value!);
    return true;
  }

  /** Auth ended sessions in this process: forget what was seen so the end applies at once. */
  forget(): void {
    this.seen.clear();
  }
}
