/** Case and accent folding shared by indexing and querying: 'Açaí' and 'ACAI' are one word. */
export function fold(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text.toLowerCase();
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Folded words (runs of letters and digits) of a text; separators never match. */
export function words(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** Shortest query word that may carry a typo: below it one edit turns most words into others. */
export const TYPO_MIN_LENGTH = 5;

/** Words eligible for typo tolerance: letters only (an edit in a code or number is another product). */
export function isTypoWord(word: string): boolean {
  return word.length >= TYPO_MIN_LENGTH && /^\p{L}+$/u.test(word);
}

/**
 * One typing slip that keeps the length: a substituted letter ('jordam' → 'jordan') or two
 * adjacent letters swapped ('retor' → 'retro'), the two Damerau edits that prefix matching
 * cannot absorb. A dropped or extra letter is not tolerated: 'jordn' is one deletion from
 * 'jordan' but also the start of nothing, and allowing length changes on 5-letter words
 * lets short words collide ('court' ~ 'cour', 'black' ~ 'lack').
 */
export function isOneSlip(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  let i = 0;
  while (a.charCodeAt(i) === b.charCodeAt(i)) i++;
  // Substitution at i: the rest must be equal.
  if (a.slice(i + 1) === b.slice(i + 1)) return true;
  // Transposition of i and i+1: swapped pair, then equal.
  return (
    i + 1 < a.length &&
    a.charCodeAt(i) === b.charCodeAt(i + 1) &&
    a.charCodeAt(i + 1) === b.charCodeAt(i) &&
    a.slice(i + 2) === b.slice(i + 2)
  );
}
