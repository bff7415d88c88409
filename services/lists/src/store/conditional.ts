/** True when DynamoDB refused a write because its condition did not hold. */
export function isConditionalFailure(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const name = (e as { name?: string }).name;
    if (name === 'ConditionalCheckFailedException') return true;
    if (e instanceof Error && /conditional request failed/i.test(e.message)) return true;
  }
  return false;
}
