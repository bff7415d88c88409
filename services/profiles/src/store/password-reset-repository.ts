import { Service } from 'electrodb';
import type { DocumentClient } from '@sneakers/shared/table/client';
import type { ResetRecord, ResetRepository } from '../domain/password-reset';
import { isConditionalFailure } from '@sneakers/shared/table/store-helpers';
import { passwordResetEntity } from './password-reset-entity';
import { resetSendSlotEntity } from './reset-send-slot-entity';

const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * Access patterns: GetItem by token hash; conditional Update to claim (unused and
 * unexpired) and to release; conditional Puts on the address's send slots.
 */
export function createResetRepository(client: DocumentClient, table: string): ResetRepository {
  const { reset, slot: slots } = new Service(
    { reset: passwordResetEntity, slot: resetSendSlotEntity },
    { client, table },
  ).entities;
  return {
    async create(record) {
      const { usedAt: _unused, ...rest } = record;
      await reset.create({ ...rest, ttl: seconds(Date.parse(record.expiresAt)) }).go();
    },
    async get(tokenHash) {
      const { data } = await reset.get({ tokenHash }).go();
      if (!data) return null;
      const { ttl: _ttl, ...rest } = data;
      return { ...rest, usedAt: data.usedAt ?? null } satisfies ResetRecord;
    },
    async claim(tokenHash, now) {
      try {
        await reset
          .patch({ tokenHash })
          .set({ usedAt: now })
          .where(
            ({ usedAt, expiresAt }, { notExists, gt }) => `${notExists(usedAt)} AND ${gt(expiresAt, now)}`,
          )
          .go();
        return true;
      } catch (error) {
        if (isConditionalFailure(error)) return false;
        throw error;
      }
    },
    async release(tokenHash, usedAt) {
      try {
        await reset
          .patch({ tokenHash })
          .remove(['usedAt'])
          .where((attr, { eq }) => eq(attr.usedAt, usedAt))
          .go();
      } catch (error) {
        if (!isConditionalFailure(error)) throw error;
      }
    },
    async takeSendSlot(email, now, limit, windowMs) {
      const at = now.getTime();
      for (let slot = 0; slot < limit; slot++) {
        try {
          await slots
            .put({ email, slot, takenAt: at, ttl: seconds(at + windowMs) + 60 })
            .where(
              ({ takenAt }, { notExists, lte }) => `${notExists(takenAt)} OR ${lte(takenAt, at - windowMs)}`,
            )
            .go();
          return true;
        } catch (error) {
          if (!isConditionalFailure(error)) throw error;
        }
      }
      return false;
    },
  };
}
