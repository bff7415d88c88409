import { ConflictError } from '../errors';

/**
 * The one transaction policy of every repository (docs/architecture.md#definition-of-done: nothing half-written).
 *
 * - A TransactionConflict (another transaction touching the same rows) is retried with
 *   jittered exponential backoff, up to ATTEMPTS runs, and then answered 409 BUSY.
 * - A failed condition is never retried: it is a fact about the data. The item whose
 *   condition failed names the outcome (`conditions[i]`), which the use case acts on
 *   ('duplicate', 'stale', 'clientMissing' ...). A failed item with no name is a bug.
 *
 * The conditions are positional because DynamoDB reports cancellation reasons by index.
 */
export const TRANSACTION_ATTEMPTS = 5;

export type Committed = 'committed';

interface CancellationReason {
  code?: string;
}

/** What ElectroDB's `transaction.write(...).go()` resolves to. */
interface TransactionResult {
  canceled: boolean;
  data: CancellationReason[];
}

function isTransactionResult(value: unknown): value is TransactionResult {
  return (
    typeof value === 'object' &&
    value !== null &&
    'canceled' in value &&
    typeof value.canceled === 'boolean' &&
    'data' in value &&
    Array.isArray(value.data)
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const backoff = (attempt: number) => 20 * 2 ** attempt + Math.random() * 20;

/**
 * The pause before a use case re-plans a write that lost an optimistic race (a row changed
 * since it was read). Jittered, so that writers who lost together do not read and collide
 * together again: without it, N writers of one row in lock-step need N rounds.
 */
export const pauseBeforeReplan = (attempt: number) => sleep(backoff(Math.min(attempt, 4)));

export class TransactionBusyError extends ConflictError {
  constructor() {
    super('This record is being changed by another request. Please try again.', 'BUSY');
  }
}

/**
 * Runs `write` (one TransactWriteItems) and says how it ended: 'committed', or the name
 * of the first item, in order, whose condition failed.
 */
export async function transact<O extends string = never>(
  write: () => Promise<unknown>,
  conditions: readonly (O | null | undefined)[] = [],
): Promise<Committed | O> {
  for (let attempt = 0; ; attempt++) {
    const result = await write();
    if (!isTransactionResult(result)) throw new Error('Unexpected transaction result');
    if (!result.canceled) return 'committed';
    const codes = result.data.map((d) => d?.code ?? 'None');
    const failed = codes.indexOf('ConditionalCheckFailed');
    if (failed >= 0) {
      const name = conditions[failed];
      if (name) return name;
      throw new Error(`Transaction item ${failed} failed a condition nobody named (${codes.join(',')})`);
    }
    if (!codes.includes('TransactionConflict')) throw new Error(`Transaction canceled: ${codes.join(',')}`);
    if (attempt + 1 >= TRANSACTION_ATTEMPTS) throw new TransactionBusyError();
    await sleep(backoff(attempt));
  }
}

/** True when DynamoDB refused a single write because its condition did not hold. */
export function isConditionalFailure(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { name?: string }).name === 'ConditionalCheckFailedException') return true;
    if (e instanceof Error && /conditional request failed/i.test(e.message)) return true;
  }
  return false;
}

/** A single conditional write: 'committed', or `outcome` when its condition did not hold. */
export async function conditional<O extends string>(
  write: () => Promise<unknown>,
  outcome: O,
): Promise<Committed | O> {
  try {
    await write();
    return 'committed';
  } catch (error) {
    if (isConditionalFailure(error)) return outcome;
    throw error;
  }
}

/**
 * Runs `write` (one TransactWriteItems) for a batch whose items may each fail their condition
 * on their own (a bulk change of many rows, each conditional on its own state): 'committed',
 * or the positions of every item whose condition failed, so the caller can set those aside
 * and retry the rest. Conflicts are retried as `transact` does.
 */
export async function transactReporting(write: () => Promise<unknown>): Promise<Committed | number[]> {
  for (let attempt = 0; ; attempt++) {
    const result = await write();
    if (!isTransactionResult(result)) throw new Error('Unexpected transaction result');
    if (!result.canceled) return 'committed';
    const codes = result.data.map((d) => d?.code ?? 'None');
    const failed = codes.flatMap((code, i) => (code === 'ConditionalCheckFailed' ? [i] : []));
    if (failed.length > 0) return failed;
    if (!codes.includes('TransactionConflict')) throw new Error(`Transaction canceled: ${codes.join(',')}`);
    if (attempt + 1 >= TRANSACTION_ATTEMPTS) throw new TransactionBusyError();
    await sleep(backoff(attempt));
  }
}
