import { auditEntity } from '@sneakers/shared/audit/audit-entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord, toRow } from '@sneakers/shared/table/entity';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { transact } from '@sneakers/shared/table/transaction';
import { comingSoonEntity } from './coming-soon-entity';
import { COMING_SOON_ID, SIGNUP_ID, type SettingsRepository } from './ports';
import { signupEntity } from './signup-entity';

/**
 * Access patterns: one GetItem per settings row; each write is one transaction with its
 * outbox event and its audit log entry (a conflicting write is retried, then 409 BUSY).
 */
export function createSettingsRepository(client: DocumentClient, table: string): SettingsRepository {
  const service = new Service(
    { comingSoon: comingSoonEntity, signup: signupEntity, outbox: outboxEntity, audit: auditEntity },
    { client, table },
  );
  const { comingSoon, signup } = service.entities;

  return {
    async getComingSoon() {
      const { data } = await comingSoon.get({ id: COMING_SOON_ID }).go();
      return data ? toRecord(comingSoonEntity.schema, data) : null;
    },
    async saveComingSoon(settings, event, entry) {
      await transact(() =>
        service.transaction
          .write(({ comingSoon: cs, outbox, audit }) => [
            cs.put(toRow(settings)).commit(),
            outbox.create(outboxItem(event)).commit(),
            audit.create(entry).commit(),
          ])
          .go(),
      );
    },
    async getSignup() {
      const { data } = await signup.get({ id: SIGNUP_ID }).go();
      return data ? toRecord(signupEntity.schema, data) : null;
    },
    async saveSignup(settings, event, entry) {
      await transact(() =>
        service.transaction
          .write(({ signup: s, outbox, audit }) => [
            // An emptied subtitle is no subtitle (the disabled page falls back to its default).
            s
              .put({
                ...toRow({ ...settings, subtitle: settings.subtitle || null }),
                id: SIGNUP_ID,
                updatedAt: event.occurredAt,
              })
              .commit(),
            outbox.create(outboxItem(event)).commit(),
            audit.create(entry).commit(),
          ])
          .go(),
      );
    },
  };
}
