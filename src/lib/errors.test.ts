import { describe, expect, it } from 'vitest';
import { AppError, FALLBACK_MESSAGE, NETWORK_MESSAGE, errorMessage, toAppError, unwrap } from '@/lib/errors';

describe('lib/errors', () => {
  it('keeps a PostgrestError code and shows a P0001 message verbatim', () => {
    const e = toAppError({ message: 'Team name is required.', code: 'P0001', details: null, hint: null });
    expect(e).toBeInstanceOf(AppError);
    expect(e.code).toBe('P0001');
    expect(errorMessage(e)).toBe('Team name is required.');
  });

  it('words a permission denial for people', () => {
    expect(errorMessage({ message: 'permission denied for table teams', code: '42501' })).toBe("You don't have permission to do that.");
  });

  it('names the constraint a unique clash broke when it has words of its own', () => {
    const clash = { message: 'duplicate key value violates unique constraint "tournaments_name_key"', code: '23505' };
    expect(errorMessage(clash)).toBe('A tournament with this name already exists.');
    expect(errorMessage({ ...clash, message: 'duplicate key value violates unique constraint "other_key"' })).toBe('That already exists.');
  });

  it('turns fetch failures into the network message', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(NETWORK_MESSAGE);
    expect(errorMessage({ message: 'TypeError: fetch failed', code: '' })).toBe(NETWORK_MESSAGE);
    expect(toAppError({ name: 'AuthRetryableFetchError', message: '{}', status: 0 }).network).toBe(true);
  });

  it('keeps an auth error code and status and shows its message', () => {
    const e = toAppError({ name: 'AuthApiError', message: 'Password should be at least 6 characters.', code: 'weak_password', status: 422 });
    expect(e.code).toBe('weak_password');
    expect(e.status).toBe(422);
    expect(errorMessage(e)).toBe('Password should be at least 6 characters.');
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
