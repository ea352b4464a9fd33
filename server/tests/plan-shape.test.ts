// readShape (server/rest/plan-cache.ts): the part of a read's query string its plan is keyed by. Reads
// that differ only in plain filter values share a shape; anything else that planning reads keeps
// them apart. No stack needed.
import { describe, expect, it } from 'vitest';
import { readShape } from '../rest/plan-cache.ts';

describe('readShape', () => {
  it('takes the values out of plain filters, negated and embedded ones too, decoded and in order', () => {
    const a = readShape('?select=*,team(id)&id=eq.1&team.name=not.eq.Red%20Team&order=id');
    const b = readShape('?select=*,team(id)&id=eq.2&team.name=not.eq.Blue&order=id');
    expect(a.shape).toBe(b.shape);
    expect(a.values).toEqual(['1', 'Red Team']);
    expect(b.values).toEqual(['2', 'Blue']);
  });

  it('keeps apart reads with another operator, column, order, limit, select or logic tree', () => {
    const base = readShape('?select=id&id=eq.1&order=id&limit=5').shape;
    for (const other of [
      '?select=id&id=neq.1&order=id&limit=5',
      '?select=id&id=not.eq.1&order=id&limit=5',
      '?select=id&team_id=eq.1&order=id&limit=5',
      '?select=id&id=eq.1&order=id.desc&limit=5',
      '?select=id&id=eq.1&order=id&limit=6',
      '?select=name&id=eq.1&order=id&limit=5',
      '?select=id&or=(id.eq.1)&order=id&limit=5',
    ])
      expect(readShape(other).shape, other).not.toBe(base);
  });

  it('leaves in the shape the values planning reads: is, in, like, quantified and text search filters', () => {
    for (const [a, b] of [
      ['?id=is.null', '?id=is.true'],
      ['?id=in.(1,2)', '?id=in.()'],
      ['?name=like.R*', '?name=like.B*'],
      ['?name=ilike.R*', '?name=ilike.B*'],
      ['?id=eq(any).{1,2}', '?id=eq(any).{3}'],
      ['?body=fts.cat', '?body=fts(english).cat'],
    ]) {
      expect(readShape(a).shape, a).not.toBe(readShape(b).shape);
      expect(readShape(a).values).toEqual([]);
    }
  });
});
