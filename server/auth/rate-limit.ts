// GoTrue's request limits: token buckets per client IP (and one for all e-mail sent), with GoTrue's
// defaults, read from `[auth.rate_limit]` in supabase/config.toml as the Supabase CLI reads them.
import { AuthApiError } from './errors.ts';

export interface RateLimits {
  /** E-mails sent per hour by the whole instance (recovery links). */
  emailSent: number;
  /** Sign-ups and password sign-ins per 5 minutes per IP (GoTrue's RATE_LIMIT_OTP). */
  signInSignUps: number;
  /** Refresh-token grants per 5 minutes per IP. */
  tokenRefresh: number;
  /** Mailed-link verifications per 5 minutes per IP. */
  tokenVerifications: number;
  /** Seconds before another recovery mail may go to the same address ([auth.email] max_frequency). */
  emailMaxFrequency: number;
}

/** GoTrue's defaults (internal/conf, and 1 minute for SMTP max_frequency). */
export const GOTRUE_RATE_LIMITS: RateLimits = {
  emailSent: 30,
  signInSignUps: 30,
  tokenRefresh: 150,
  tokenVerifications: 30,
  emailMaxFrequency: 60,
};

/** GoTrue lets an idle client burst up to 30 requests; a limit below that is its own burst. */
const MAX_BURST = 30;
/** Buckets kept at most; beyond it the oldest are forgotten (a full bucket is the same as none). */
const MAX_KEYS = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

/** A token bucket per key: `events` per `periodMs`, bursts of up to `burst`. */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;
  constructor(
    events: number,
    periodMs: number,
    private readonly burst = Math.min(MAX_BURST, events),
    private readonly now: () => number = Date.now,
  ) {
    this.perMs = events / periodMs;
  }

  /** Takes one token for the key; false when the bucket is empty. */
  take(key: string): boolean {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + (now - bucket.at) * this.perMs);
    bucket.at = now;
    // Re-inserted so Map order is least recently used first.
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    if (this.buckets.size > MAX_KEYS) this.buckets.delete(this.buckets.keys().next().value!);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }
}

const FIVE_MINUTES = 5 * 60_000;
const HOUR = 60 * 60_000;

/** The limits of one Auth instance; `undefined` limits (tests, RATE_LIMITS=off) let everything through. */
export class AuthLimiter {
  private readonly signInSignUps?: TokenBuckets;
  private readonly recover?: TokenBuckets;
  private readonly user?: TokenBuckets;
  private readonly tokenRefresh?: TokenBuckets;
  private readonly verify?: TokenBuckets;
  private readonly email?: TokenBuckets;
  private readonly lastMail = new Map<string, number>();

  constructor(
    private readonly limits: RateLimits | undefined,
    private readonly now: () => number = Date.now,
  ) {
    if (!limits) return;
    // As in GoTrue, each endpoint group has its own bucket; sign-up and sign-in share the one the
    // CLI documents as "sign up and sign-in requests".
    this.signInSignUps = new TokenBuckets(limits.signInSignUps, FIVE_MINUTES, undefined, now);
    this.recover = new TokenBuckets(limits.signInSignUps, FIVE_MINUTES, undefined, now);
    this.user = new TokenBuckets(limits.signInSignUps, FIVE_MINUTES, undefined, now);
    this.tokenRefresh = new TokenBuckets(limits.tokenRefresh, FIVE_MINUTES, undefined, now);
    this.verify = new TokenBuckets(limits.tokenVerifications, FIVE_MINUTES, undefined, now);
    this.email = new TokenBuckets(limits.emailSent, HOUR, limits.emailSent, now);
  }

  /** One request of a group from an IP; throws GoTrue's 429 when its bucket is empty. */
  request(group: 'sign_in_sign_ups' | 'recover' | 'user' | 'token_refresh' | 'verify', ip: string): void {
    const buckets = {
      sign_in_sign_ups: this.signInSignUps,
      recover: this.recover,
      user: this.user,
      token_refresh: this.tokenRefresh,
      verify: this.verify,
    }[group];
    if (buckets && !buckets.take(ip)) throw new AuthApiError('over_request_rate_limit');
  }

  /**
   * One e-mail to an address. Checked for every address asked about, existing or not, so the
   * answer never tells whether an account exists.
   */
  mail(address: string): void {
    if (!this.limits) return;
    const now = this.now();
    const last = this.lastMail.get(address);
    const waitMs = last === undefined ? 0 : last + this.limits.emailMaxFrequency * 1000 - now;
    if (waitMs > 0) {
      throw new AuthApiError(
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${Math.ceil(waitMs / 1000)} seconds.`,
      );
    }
    if (!this.email!.take('all')) throw new AuthApiError('over_email_send_rate_limit');
    this.lastMail.delete(address);
    this.lastMail.set(address, now);
    if (this.lastMail.size > MAX_KEYS) this.lastMail.delete(this.lastMail.keys().next().value!);
  }
}
