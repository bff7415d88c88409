/** Pure message rules: the seq's key and the preview of a message. */

/** The longest message seq the padded key holds in order (10 digits). */
const SEQ_DIGITS = 10;

/** A message's sort key: the seq zero-padded, so the string order is the seq order. */
export function seqKey(seq: number): string {
  if (!Number.isInteger(seq) || seq < 0 || seq >= 10 ** SEQ_DIGITS)
    throw new RangeError(`Invalid seq ${seq}`);
  return String(seq).padStart(SEQ_DIGITS, '0');
}

export const PREVIEW_LENGTH = 140;

/** The list's and the email's preview of a message: its first characters, whitespace collapsed. */
export function preview(content: string): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  return flat.length <= PREVIEW_LENGTH ? flat : `${flat.slice(0, PREVIEW_LENGTH - 1)}…`;
}
