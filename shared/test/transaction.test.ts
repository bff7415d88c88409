import { describe, expect, it, vi } from 'vitest';
import {
  conditional,
  transact,
  transactReporting,
  TRANSACTION_ATTEMPTS,
  TransactionBusyError,
} from '../src/table/transaction';

const canceled = (...codes: string[]) => ({ canceled: true, data: codes.map((code) => ({ code })) });
const ok = { canceled: false, data: [] };

describe('transact: the one transaction policy', () => {
  it('answers committed when the transaction commits', async () => {
    expect(await transact(async () => ok, ['duplicate'])).toBe('committed');
  });

  it('names the first item whose condition failed, without retrying', async () => {
    const write = vi.fn(async () => canceled('None', 'ConditionalCheckFailed', 'ConditionalCheckFailed'));
    expect(await transact(write, ['duplicate', 'clientMissing', 'stale'])).toBe('clientMissing');
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('prefers the failed condition over a conflict in the same answer', async () => {
    const write = vi.fn(async () => canceled('TransactionConflict', 'ConditionalCheckFailed'));
    expect(await transact(write, [null, 'stale'])).toBe('stale');
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('retries a TransactionConflict and then commits', async () => {
    const write = vi
      .fn<() => Promise<unknown>>()
      .mockResolvedValueOnce(canceled('TransactionConflict', 'None'))
      .mockResolvedValueOnce(ok);
    expect(await transact(write)).toBe('committed');
    expect(write).toHaveBeenCalledTimes(2);
  });

  it('gives up on endless conflicts with a 409 the caller can retry', async () => {
    const write = vi.fn(async () => canceled('TransactionConflict'));
    const error = await transact(write).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransactionBusyError);
    expect(error).toMatchObject({ status: 409, code: 'BUSY' });
    expect(write).toHaveBeenCalledTimes(TRANSACTION_ATTEMPTS);
  });

  it('treats a failed condition nobody named as a bug', async () => {
    await expect(
      transact(async () => canceled('None', 'ConditionalCheckFailed'), ['duplicate']),
    ).rejects.toThrow(/item 1 failed a condition nobody named/);
  });

  it('does not hide other cancellation reasons', async () => {
    await expect(transact(async () => canceled('ValidationError'))).rejects.toThrow(/ValidationError/);
  });
});

describe('conditional: one conditional write', () => {
  it('names the outcome when the condition did not hold and rethrows anything else', async () => {
    const failed = Object.assign(new Error('The conditional request failed'), {
      name: 'ConditionalCheckFailedException',
    });
    expect(await conditional(async () => undefined, 'taken')).toBe('committed');
    expect(await conditional(() => Promise.reject(failed), 'taken')).toBe('taken');
    expect(await conditional(() => Promise.reject(new Error('wrapped', { cause: failed })), 'taken')).toBe(
      'taken',
    );
    await expect(conditional(() => Promise.reject(new Error('throttled')), 'taken')).rejects.toThrow(
      'throttled',
    );
  });
});

describe('transactReporting: a batch whose items fail on their own', () => {
  it('names every item whose condition failed, so the rest can be retried', async () => {
    const write = vi.fn(async () =>
      canceled('None', 'ConditionalCheckFailed', 'None', 'ConditionalCheckFailed'),
    );
    expect(await transactReporting(write)).toEqual([1, 3]);
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('retries conflicts and answers committed', async () => {
    const write = vi
      .fn<() => Promise<unknown>>()
      .mockResolvedValueOnce(canceled('TransactionConflict', 'None'))
      .mockResolvedValueOnce(ok);
    expect(await transactReporting(write)).toBe('committed');
    expect(write).toHaveBeenCalledTimes(2);
  });
});
