import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messageSchema } from '@sneakers/shared/contracts/message-values';
import { messageEventData } from '../src/messaging';

/**
 * Message.Sent carries the message the realtime service pushes in its `message` frame, which
 * the SPA parses with the contract's messageSchema: the event's copy must accept and refuse
 * exactly what the contract does, or a push would break in the browser.
 */
const valid = {
  id: '01JD8Z3K5N6P7Q8R9S0T1V2W3X',
  conversationId: '01JD8Z3K5N6P7Q8R9S0T1V2W3Y',
  seq: 7,
  senderUserId: 'user-1',
  senderName: 'Kicks & Co.',
  content: 'Still have the Pandas in 42?',
  clientMessageId: 'client-msg-0001',
  createdAt: '2026-11-22T10:00:00.000Z',
};

const verdicts = (value: unknown) => {
  const event = messageEventData.safeParse(value);
  const contract = messageSchema.safeParse(value);
  return {
    event: event.success ? { ok: true, data: event.data } : { ok: false },
    contract: contract.success ? { ok: true, data: contract.data } : { ok: false },
  };
};

describe('messageEventData ≡ messageSchema', () => {
  it('have the same keys', () => {
    expect(Object.keys(messageEventData.def.shape).sort()).toEqual(
      Object.keys(messageSchema.def.shape).sort(),
    );
  });

  it('accept a message alike, with the same result', () => {
    const { event, contract } = verdicts(valid);
    expect(event).toEqual({ ok: true, data: valid });
    expect(contract).toEqual(event);
  });

  const wrongValues: unknown[] = [undefined, null, 'text', '', 1.5, -1, 0, 42, true, [], {}];

  it.each(Object.keys(valid))('refuse and accept alike whatever %s holds', (key) => {
    for (const value of wrongValues) {
      const { event, contract } = verdicts({ ...valid, [key]: value });
      expect({ key, value, ok: event.ok }).toEqual({ key, value, ok: contract.ok });
      if (event.ok) expect(event).toEqual(contract);
    }
    const rest: Record<string, unknown> = { ...valid };
    delete rest[key];
    expect(verdicts(rest).event.ok).toBe(false);
    expect(verdicts(rest).contract.ok).toBe(false);
  });

  it('agree on arbitrary values', () => {
    const field = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
    const candidate = fc.record(
      Object.fromEntries(Object.keys(valid).map((k) => [k, field])) as Record<string, fc.Arbitrary<unknown>>,
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(candidate, fc.anything()), (value) => {
        const { event, contract } = verdicts(value);
        expect(event).toEqual(contract);
      }),
    );
  });

  it('keep both schemas non-strict alike (an extra key is dropped by both)', () => {
    const { event, contract } = verdicts({ ...valid, extra: 'x' });
    expect(event).toEqual({ ok: true, data: valid });
    expect(contract).toEqual(event);
  });
});
