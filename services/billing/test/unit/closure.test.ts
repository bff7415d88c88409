import { describe, expect, it } from 'vitest';
import { cancelOnClosure, startSignUpTrial } from '../../src/accounts/domain';
import { memoryDeps, profileOf } from './memory';

describe('closing the account', () => {
  it('cancels the subscription at once, and does nothing for a user without one', async () => {
    const mem = memoryDeps();
    mem.profiles.set('u1', profileOf('u1'));
    await startSignUpTrial(mem.deps, { ...profileOf('u1'), role: 'store' });
    await cancelOnClosure(mem.deps, 'u1');
    expect(mem.calls.cancellations).toEqual(['sub_u1']);
    await cancelOnClosure(mem.deps, 'nobody');
    expect(mem.calls.cancellations).toEqual(['sub_u1']);
  });
});
