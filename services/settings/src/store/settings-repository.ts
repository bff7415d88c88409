import { Service } from '@sneakers/shared/table/entity';
import { auditEntity } from '@sneakers/shared/audit/audit-entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { orNull } from '@sneakers/shared/table/store-helpers';
import { transact } from '@sneakers/shared/table/transaction';
import type { ComingSoonSettings, SignupSettings } from '@sneakers/shared/contracts/settings';
import { COMING_SOON_ID, SIGNUP_ID, type SettingsRepository } from '../domain/settings';
import { comingSoonEntity } from './coming-soon-entity';
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
      if (!data) return null;
      return { ...data, launchDate: orNull(data.launchDate) } satisfies ComingSoonSettings;
    },
    async saveComingSoon(settings, event, entry) {
      const { launchDate, ...rest } = settings;
      await transact(() =>
        service.transaction
          .write(({ comingSoon: cs, outbox, audit }) => [
            cs.put({ ...rest, ...(launchDate ? { launchDate } : {}) }).commit(),
            outbox.create(outboxItem(event)).commit(),
            audit.create(entry).commit(),
          ])
          .go(),
      );
    },
    async getSignup() {
      const { data } = await signup.get({ id: SIGNUP_ID }).go();
      if (!data) return null;
      return {
        id: data.id,
        isEnabled: data.isEnabled,
        subtitle: orNull(data.subtitle),
        updatedAt: data.updatedAt,
      } satisfies SignupSettings;
    },
    async saveSignup(settings, event, entry) {
      const { subtitle, isEnabled } = settings;
      await transact(() =>
        service.transaction
          .write(({ signup: s, outbox, audit }) => [
            s
              .put({
                id: SIGNUP_ID,
                isEnabled,
                updatedAt: event.occurredAt,
                ...(subtitle ? { subtitle } : {}),
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
