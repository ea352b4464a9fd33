import { describe, expect, it } from 'vitest';
import { resolveEnv } from '@/config/env';

const KEY = 'anon-key-anon-key-anon-key';

describe('resolveEnv', () => {
  it('uses the page origin when the server says the API is on it, even over an http URL it was handed', () => {
    const env = resolveEnv(
      { API_SAME_ORIGIN: 'true', SUPABASE_URL: 'http://brawlcup.example', SUPABASE_ANON_KEY: KEY },
      { VITE_SUPABASE_URL: 'https://xyz.supabase.co' },
      'https://brawlcup.example',
    );
    expect(env.SUPABASE_URL).toBe('https://brawlcup.example');
    expect(env.SUPABASE_ANON_KEY).toBe(KEY);
  });

  it('keeps a URL it was handed, then the build variable, then the page origin', () => {
    expect(
      resolveEnv(
        { SUPABASE_URL: 'https://api.example', SUPABASE_ANON_KEY: KEY },
        { VITE_SUPABASE_URL: 'https://xyz.supabase.co' },
        'https://site.example',
      ).SUPABASE_URL,
    ).toBe('https://api.example');
    expect(
      resolveEnv(
        {},
        { VITE_SUPABASE_URL: 'https://xyz.supabase.co', VITE_SUPABASE_ANON_KEY: KEY },
        'https://site.example',
      ).SUPABASE_URL,
    ).toBe('https://xyz.supabase.co');
    expect(resolveEnv({ SUPABASE_ANON_KEY: KEY }, {}, 'https://site.example').SUPABASE_URL).toBe(
      'https://site.example',
    );
  });

  it('says what is missing when nothing configures the app', () => {
    expect(() => resolveEnv({}, {}, undefined)).toThrow(
      /BrawlCup is not configured:\n- SUPABASE_URL: .*\n- SUPABASE_ANON_KEY/,
    );
  });

  it('refuses a contact form address that is not a URL', () => {
    expect(() =>
      resolveEnv({ SUPABASE_ANON_KEY: KEY, CONTACT_FORM_URL: 'not a url' }, {}, 'https://site.example'),
    ).toThrow(/BrawlCup is not configured:\n- CONTACT_FORM_URL: Invalid URL/);
  });
});
