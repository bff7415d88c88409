import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EMAIL_CLAIM_MS } from '../../src/emails/domain/delivery';
import { createEmailSendRepository } from '../../src/emails/repository';
import { localTable } from './support';

describe('email send claim (DynamoDB Local)', () => {
  it('is busy while held, retaken once abandoned, and final once sent', async () => {
    const { client, table } = localTable();
    const repo = createEmailSendRepository(client, table);
    const key = `evt-${randomUUID()}#booking_update#client`;
    const t0 = new Date('2026-11-22T10:00:00Z');
    const later = (ms: number) => new Date(t0.getTime() + ms);
    expect(await repo.claimEmail(key, t0, true)).toBe('claimed');
    expect(await repo.claimEmail(key, later(EMAIL_CLAIM_MS - 1000), true)).toBe('busy');
    expect(await repo.claimEmail(key, later(EMAIL_CLAIM_MS + 1000), true)).toBe('claimed');
    await repo.completeEmail(key, later(EMAIL_CLAIM_MS + 2000));
    expect(await repo.claimEmail(key, later(10 * EMAIL_CLAIM_MS), true)).toBe('sent');
    await repo.releaseEmail(key);
    expect(await repo.claimEmail(key, later(10 * EMAIL_CLAIM_MS), true)).toBe('claimed');
  });
});
