/** An audit entry's before/after JSON, indented for reading; the raw text when it is not JSON. */
export function readableJson(text: string | null): string | null {
  if (text === null) return null;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
