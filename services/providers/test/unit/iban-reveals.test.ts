import { describe, expect, it } from 'vitest';
import {
  IBAN_REVEAL_WINDOW_MS,
  IBAN_REVEALS_PER_MINUTE,
  listIbanReveals,
  revealIban,
} from '../../src/iban-reveals/domain';
import { createProvider } from '../../src/providers/domain';
import { memoryDeps } from './memory';
import { failure, IBAN, store } from './support';

const storeA = store('store-a', { email: 'a@example.com' });
const storeB = store('store-b');

describe('IBAN reveal', () => {
  it('answers the owner the full IBAN and records who, when and why; newest first in the history', async () => {
    const { deps, reveals } = memoryDeps();
    const provider = await createProvider(deps, storeA, {
      name: 'Ana',
      email: 'ana@example.com',
      iban: IBAN,
    });
    expect(provider).not.toHaveProperty('iban');
    expect(await revealIban(deps, storeA, provider.id, 'view')).toEqual({ iban: IBAN });
    expect(await revealIban(deps, storeA, provider.id, 'print')).toEqual({ iban: IBAN });
    expect(reveals).toEqual([
      expect.objectContaining({
        storeUserId: 'store-a',
        providerId: provider.id,
        purpose: 'view',
        revealedByUserId: 'store-a',
        revealedByEmail: 'a@example.com',
        revealedAt: '2026-11-22T10:00:00.000Z',
      }),
      expect.objectContaining({ purpose: 'print' }),
    ]);
    const history = await listIbanReveals(deps, storeA, provider.id);
    expect(history.reveals.map((r) => [r.purpose, r.revealedBy])).toEqual([
      ['print', 'a@example.com'],
      ['view', 'a@example.com'],
    ]);
  });

  it("is 404 for another store's provider and records nothing; anonymous is 401", async () => {
    const { deps, reveals } = memoryDeps();
    const provider = await createProvider(deps, storeA, {
      name: 'Ana',
      email: 'ana@example.com',
      iban: IBAN,
    });
    const e = await failure(revealIban(deps, storeB, provider.id, 'view'));
    expect([e.status, e.code]).toEqual([404, 'PROVIDER_NOT_FOUND']);
    expect((await failure(listIbanReveals(deps, storeB, provider.id))).status).toBe(404);
    expect((await failure(revealIban(deps, { kind: 'anonymous' }, provider.id, 'view'))).status).toBe(401);
    expect(reveals).toEqual([]);
  });

  it('without an IBAN answers null and records nothing; the who falls back to the user id', async () => {
    const { deps, reveals } = memoryDeps();
    const none = await createProvider(deps, storeB, { name: 'Bo', email: 'bo@example.com' });
    expect(await revealIban(deps, storeB, none.id, 'view')).toEqual({ iban: null });
    expect(reveals).toEqual([]);
    const withIban = await createProvider(deps, storeB, { name: 'Cy', email: 'cy@example.com', iban: IBAN });
    await revealIban(deps, storeB, withIban.id, 'view');
    expect((await listIbanReveals(deps, storeB, withIban.id)).reveals[0]!.revealedBy).toBe('store-b');
  });

  it('demo identities reveal their own sample IBAN but write nothing (no record, no rate slot)', async () => {
    const { deps, reveals, providers } = memoryDeps();
    const owner = await createProvider(deps, store('demo-store'), {
      name: 'Carlos',
      email: 'carlos@example.com',
      iban: IBAN,
    });
    expect(providers.size).toBe(1);
    const demo = store('demo-store', { isDemo: true });
    for (let n = 0; n <= IBAN_REVEALS_PER_MINUTE; n++)
      expect(await revealIban(deps, demo, owner.id, 'view')).toEqual({ iban: IBAN });
    expect(reveals).toEqual([]);
  });

  it(`allows ${IBAN_REVEALS_PER_MINUTE} reveals a minute per store, then 429 until the window passes`, async () => {
    const { deps, reveals, clock } = memoryDeps();
    const provider = await createProvider(deps, storeA, {
      name: 'Ana',
      email: 'ana@example.com',
      iban: IBAN,
    });
    for (let n = 0; n < IBAN_REVEALS_PER_MINUTE; n++) await revealIban(deps, storeA, provider.id, 'view');
    const e = await failure(revealIban(deps, storeA, provider.id, 'print'));
    expect([e.status, e.code]).toEqual([429, 'RATE_LIMITED']);
    expect(reveals).toHaveLength(IBAN_REVEALS_PER_MINUTE);
    clock.advance(IBAN_REVEAL_WINDOW_MS);
    expect(await revealIban(deps, storeA, provider.id, 'print')).toEqual({ iban: IBAN });
  });
});
