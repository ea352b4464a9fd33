// The first round start_tournament will make, for the start dialog's preview: the same arithmetic as
// the database's (private.seeding_order, the circle method, the snake into groups), one copy in the
// app, checked against public.start_tournament by property (server/tests/bracket-preview.test.ts).

/** A random order (Fisher-Yates). */
export function drawOrder<T>(teams: T[], random: () => number = Math.random): T[] {
  const out = [...teams];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** private.seeding_order: seeds in bracket order for a power-of-two bracket (1, 8, 4, 5, 2, 7, 3, 6). */
export function seedingOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) order = order.flatMap((seed) => [seed, order.length * 2 + 1 - seed]);
  return order;
}

export type Pairing<T> = { position: number; team1: T; team2: T | null };

/** The first round start_tournament makes from teams in seed order (null: a bye). */
export function firstRound<T>(seeded: T[], format: string): Pairing<T>[] {
  const count = seeded.length;
  if (count < 2) return [];
  if (format === 'round_robin') {
    // Circle method, round 1: the first team against the last, and inwards; the odd one out rests.
    const ring: (T | null)[] = count % 2 === 1 ? [...seeded, null] : [...seeded];
    const pairs: Pairing<T>[] = [];
    for (let i = 0; i < ring.length / 2; i++) {
      const a = ring[i];
      const b = ring[ring.length - 1 - i];
      if (a && b) pairs.push({ position: pairs.length + 1, team1: a, team2: b });
    }
    return pairs;
  }
  if (format === 'swiss') {
    // Swiss round 1 (private.swiss_pair): the last seed has the bye when the number is odd, then the
    // top half meets the bottom half (1 v n/2+1, 2 v n/2+2 ...).
    const playing = count % 2 === 1 ? seeded.slice(0, -1) : seeded;
    const half = playing.length / 2;
    const pairs: Pairing<T>[] = playing
      .slice(0, half)
      .map((team1, i) => ({ position: i + 1, team1, team2: playing[i + half]! }));
    if (count % 2 === 1) pairs.push({ position: half + 1, team1: seeded[count - 1]!, team2: null });
    return pairs;
  }
  let size = 1;
  while (size < count) size *= 2;
  const order = seedingOrder(size);
  return Array.from({ length: size / 2 }, (_, i) => ({
    position: i + 1,
    team1: seeded[order[2 * i]! - 1]!,
    team2: order[2 * i + 1]! <= count ? seeded[order[2 * i + 1]! - 1]! : null,
  }));
}

/**
 * Round robin's groups as start_tournament makes them from teams in seed order: as many groups of at
 * least `groupSize` as fit, the seeds snaking across them (1, 2, 3, 3, 2, 1 ...) for a fair share each.
 */
export function groupsOf<T>(seeded: T[], groupSize: number | null): T[][] {
  const count = groupSize === null ? 1 : Math.max(1, Math.floor(seeded.length / groupSize));
  const groups: T[][] = Array.from({ length: count }, () => []);
  seeded.forEach((team, i) => {
    const lap = Math.floor(i / count);
    groups[lap % 2 === 0 ? i % count : count - 1 - (i % count)]!.push(team);
  });
  return groups;
}
