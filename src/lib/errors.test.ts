import { describe, expect, it } from 'vitest';
import { StorageApiError } from '@supabase/storage-js';
import {
  AppError,
  EMAIL_LIMIT_MESSAGE,
  EVIDENCE_MESSAGES,
  FALLBACK_MESSAGE,
  NETWORK_MESSAGE,
  RATE_LIMIT_MESSAGE,
  errorMessage,
  isRuleError,
  isTransient,
  ruleMessage,
  toAppError,
  unwrap,
} from '@/lib/errors';
import { inGameNameRequired, teamNeedsPlayers, tournamentFull } from '@/lib/database-errors';

describe('lib/errors', () => {
  it('keeps a PostgrestError code and shows a P0001 message verbatim', () => {
    const e = toAppError({ message: 'Team name is required.', code: 'P0001', details: null, hint: null });
    expect(e).toBeInstanceOf(AppError);
    expect(e.code).toBe('P0001');
    expect(errorMessage(e)).toBe('Team name is required.');
  });

  it("knows a rule's error by its code, with the database's arguments from details", () => {
    const refusal = {
      message: 'In-game name is required for player 2.',
      code: 'BC310',
      details: '["2"]',
      hint: 'players.in_game_name',
    };
    const e = toAppError(refusal);
    expect(e.args).toEqual(['2']);
    expect(isRuleError(refusal, inGameNameRequired)).toBe(true);
    expect(isRuleError(refusal, tournamentFull)).toBe(false);
    expect(isRuleError({ ...refusal, code: 'P0001' }, inGameNameRequired)).toBe(false);
    expect(errorMessage(refusal)).toBe('In-game name is required for player 2.');
    // Details that are not a rule's arguments are left alone.
    expect(toAppError({ message: 'x', code: '23505', details: '["a"]' }).args).toEqual([]);
    expect(toAppError({ message: 'x', code: 'BC310', details: 'not json' }).args).toEqual([]);
  });

  it("writes a rule's message as the database's format() does", () => {
    expect(ruleMessage(inGameNameRequired, 3)).toBe('In-game name is required for player 3.');
    expect(ruleMessage(teamNeedsPlayers, 2)).toBe('A 2v2 team needs exactly 2 players.');
    expect(ruleMessage(tournamentFull)).toBe('The tournament is full');
  });

  it('words a permission denial for people', () => {
    expect(errorMessage({ message: 'permission denied for table teams', code: '42501' })).toBe(
      "You don't have permission to do that.",
    );
  });

  it('names the constraint a unique clash broke when it has words of its own', () => {
    const clash = { message: 'duplicate key value violates unique constraint "tournaments_name_key"', code: '23505' };
    expect(errorMessage(clash)).toBe('A tournament with this name already exists.');
    expect(errorMessage({ ...clash, message: 'duplicate key value violates unique constraint "other_key"' })).toBe(
      'That already exists.',
    );
  });

  it('retries what may pass by itself, not refusals', () => {
    expect(isTransient(new TypeError('Failed to fetch'))).toBe(true);
    expect(isTransient({ message: 'boom', status: 503 })).toBe(true);
    expect(isTransient({ message: 'could not serialize access', code: '40001' })).toBe(true);
    expect(isTransient({ message: 'permission denied for table teams', code: '42501' })).toBe(false);
    expect(isTransient({ message: 'JWT expired', code: 'PGRST303' })).toBe(false);
    expect(isTransient({ message: 'Too many requests', code: 'PT429' })).toBe(false);
  });

  it("words Storage's refusals by their statusCode, never by their text", () => {
    const refused = (status: number, message: string) => new StorageApiError(message, status, String(status));
    expect(errorMessage(refused(413, 'The object exceeded the maximum allowed size (5 MB)'))).toBe(
      EVIDENCE_MESSAGES.size,
    );
    expect(errorMessage(refused(415, 'mime type text/plain is not supported'))).toBe(EVIDENCE_MESSAGES.type);
    expect(errorMessage(refused(403, 'new row violates row-level security policy'))).toBe(EVIDENCE_MESSAGES.denied);
    expect(errorMessage(refused(500, 'Internal server error'))).toBe(FALLBACK_MESSAGE);
  });

  it('turns fetch failures into the network message', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(NETWORK_MESSAGE);
    expect(errorMessage({ message: 'TypeError: fetch failed', code: '' })).toBe(NETWORK_MESSAGE);
    expect(toAppError({ name: 'AuthRetryableFetchError', message: '{}', status: 0 }).network).toBe(true);
  });

  it('keeps an auth error code and status and shows its message', () => {
    const e = toAppError({
      name: 'AuthApiError',
      message: 'Password should be at least 6 characters.',
      code: 'weak_password',
      status: 422,
    });
    expect(e.code).toBe('weak_password');
    expect(e.status).toBe(422);
    expect(errorMessage(e)).toBe('Password should be at least 6 characters.');
  });

  it('says what to do about a 429 from Auth, the database or a form service', () => {
    expect(
      errorMessage({
        name: 'AuthApiError',
        message: 'Request rate limit reached',
        code: 'over_request_rate_limit',
        status: 429,
      }),
    ).toBe(RATE_LIMIT_MESSAGE);
    expect(
      errorMessage({
        name: 'AuthApiError',
        message: 'Email rate limit exceeded',
        code: 'over_email_send_rate_limit',
        status: 429,
      }),
    ).toBe(EMAIL_LIMIT_MESSAGE);
    const wait = 'For security purposes, you can only request this after 42 seconds.';
    expect(errorMessage({ name: 'AuthApiError', message: wait, code: 'over_email_send_rate_limit', status: 429 })).toBe(
      wait,
    );
    const db = 'You have sent too many messages. Please wait a few minutes and try again.';
    expect(errorMessage({ message: db, code: 'PT429', details: null, hint: null })).toBe(db);
    expect(errorMessage(new AppError('Too many requests', { status: 429 }))).toBe(RATE_LIMIT_MESSAGE);
  });

  it('hides server internals behind the fallback', () => {
    expect(errorMessage({ message: 'internal stack trace', status: 500 })).toBe(FALLBACK_MESSAGE);
    expect(errorMessage(undefined)).toBe(FALLBACK_MESSAGE);
  });

  it('unwrap returns data or throws the AppError', () => {
    expect(unwrap({ data: [1], error: null })).toEqual([1]);
    expect(() => unwrap({ data: null, error: { message: 'x', code: 'P0001' } })).toThrow(AppError);
  });
});
