// Counted nouns. The one place that picks a singular or plural form, so that a message catalogue
// (ICU `{n, plural, one {…} other {…}}`) can replace this single function later.
import { ENGLISH } from '../i18n/index.js';
import { formatNumber } from './format.js';

const RULES = new Intl.PluralRules('en-US');

/**
 * `plural(1, 'episode', 'episodes')` → `1 episode`, `plural(3, 'ep', 'eps')` → `3 eps`.
 * `shown` replaces the number in front of the noun (e.g. `?` for an unknown total, `12/24` for
 * progress) while `n` still picks the form; a count that is not a finite number takes the plural.
 */
export function plural(n: number, one: string, other: string, shown: string = formatNumber(ENGLISH, n)): string {
  const form = Number.isFinite(n) && RULES.select(n) === 'one' ? one : other;
  return `${shown} ${form}`;
}
