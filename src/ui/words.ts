// Small pieces of English for sentences built from a record's noun ('Select an offer',
// 'Find a user by name…').

/**
 * The noun with its indefinite article. By the first letter, which is right for every noun
 * the app's screens use; a 'u' that sounds like 'you' (user, unit) takes 'a', a few words
 * whose first sound is a vowel though written otherwise (hour, honour) take 'an'.
 */
export function withArticle(noun: string): string {
  const w = noun.trim().toLowerCase();
  const an = /^(hour|honou?r|heir)/.test(w) || (/^[aeio]/.test(w) && !/^(one|eu)/.test(w)) || (/^u/.test(w) && !/^(u[sr]|uni|ut|ub)/.test(w));
  return `${an ? 'an' : 'a'} ${noun}`;
}
