// Small pieces of English for sentences built from a record's noun ('Select an offer',
// 'Find a user by name…').
import { formatCompact, formatNumber } from './format';

/**
 * The noun with its indefinite article. By the first letter, which is right for every noun
 * the app's screens use; a 'u' that sounds like 'you' (user, unit) takes 'a', a few words
 * whose first sound is a vowel though written otherwise (hour, honour) take 'an'.
 */
export function withArticle(noun: string): string {
  const w = noun.trim().toLowerCase();
  const an =
    /^(hour|honou?r|heir)/.test(w) ||
    (/^[aeio]/.test(w) && !/^(one|eu)/.test(w)) ||
    (/^u/.test(w) && !/^(u[sr]|uni|ut|ub)/.test(w));
  return `${an ? 'an' : 'a'} ${noun}`;
}

/** A count with its noun: '1 outlet', '2 outlets', '1,204 categories' (`many` where adding an s is wrong). */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

/**
 * A list's total as far as it is known (contract/envelope.ts TotalIs): '1,234', '10,000+'
 * past the exact count with a filter, 'about 1M' from the table's size.
 */
export function totalWords(total: number, totalIs: 'exact' | 'at_least' | 'about' = 'exact'): string {
  if (totalIs === 'at_least') return `${formatNumber(total)}+`;
  if (totalIs === 'about') return `about ${formatCompact(total)}`;
  return formatNumber(total);
}
