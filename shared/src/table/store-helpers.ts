import { ValidationError } from '../errors';

/**
 * Small adapter helpers every service's ElectroDB repository needs (store code only: the
 * domain never sees DynamoDB errors).
 */

/** The attributes that have a value: ElectroDB stores no nulls, it removes the attribute. */
export function withoutNulls<T extends object>(value: T) {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined));
}

/** True when DynamoDB refused a write because its condition did not hold. */
export function isConditionalFailure(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { name?: string }).name === 'ConditionalCheckFailedException') return true;
    if (e instanceof Error && /conditional request failed/i.test(e.message)) return true;
  }
  return false;
}

/** ElectroDB and DynamoDB reject a forged or stale cursor; that is the caller's 400. */
export async function paged<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (/cursor|ExclusiveStartKey|starting key/i.test((error as Error).message ?? ''))
      throw new ValidationError('The page cursor is not valid.', { cursor: ['Invalid cursor'] });
    throw error;
  }
}

/** What ElectroDB's `transaction.write(...).go()` answers: one reason per item when canceled. */
export type Canceled = { canceled: boolean; data: { rejected?: boolean; code?: string }[] };

/** Whether the transaction's item at `index` failed its condition. */
export const failedAt = (result: Canceled, index: number) =>
  result.data[index]?.code === 'ConditionalCheckFailed';
