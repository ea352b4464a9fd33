// Counts in words: "1 slot left", "2 slots left". English plural rules from the platform, so every
// count on screen agrees on the singular.
const rules = new Intl.PluralRules('en-US');

/** `count` followed by the noun in the form the count needs: plural(1, 'slot') is "1 slot". */
export function plural(count: number, one: string, other = `${one}s`): string {
  return `${count} ${rules.select(count) === 'one' ? one : other}`;
}
