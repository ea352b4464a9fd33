// The check of a tournament row that arrives over Realtime before it reaches a card.
import { describe, expect, it } from 'vitest';
import { isTournamentRow } from './tournament';

const row = { id: 't1', name: 'Cup', slots: 8, type: '2v2', created_at: '2026-01-01T00:00:00Z' };

describe('isTournamentRow', () => {
  it('takes a row with an id, a name, a type and whole slots (a number or its text)', () => {
    expect(isTournamentRow(row)).toBe(true);
    expect(isTournamentRow({ ...row, slots: '16', created_at: null, description: null })).toBe(true);
  });

  it('refuses what a card cannot show', () => {
    expect(isTournamentRow(null)).toBe(false);
    expect(isTournamentRow({ ...row, id: 1 })).toBe(false);
    expect(isTournamentRow({ ...row, name: undefined })).toBe(false);
    expect(isTournamentRow({ ...row, type: '5v5' })).toBe(false);
    expect(isTournamentRow({ ...row, slots: 2.5 })).toBe(false);
    expect(isTournamentRow({ ...row, slots: 'many' })).toBe(false);
    expect(isTournamentRow({ ...row, created_at: 5 })).toBe(false);
  });
});
