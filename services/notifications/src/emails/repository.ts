import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service } from '@sneakers/shared/table/entity';
import { epochSeconds } from '@sneakers/shared/table/store-helpers';
import { conditional } from '@sneakers/shared/table/transaction';
import { EMAIL_CLAIM_MS } from './domain/delivery';
import { emailSendEntity } from './email-send-entity';
import type { EmailSendRepository } from './ports';

const EMAIL_RECORD_TTL_SECONDS = 7 * 24 * 3600;

/** Email sends are conditional Puts on `eventId#type#recipient`, then a Patch (sent) or a Delete (release). */
export function createEmailSendRepository(client: DocumentClient, table: string): EmailSendRepository {
  const { email } = new Service({ email: emailSendEntity }, { client, table }).entities;

  return {
    async claimEmail(sendKey, now, trackUsage) {
      const at = now.getTime();
      const claim = await conditional(
        () =>
          email
            .put({
              sendKey,
              status: 'sending',
              claimedAt: at,
              trackUsage,
              ttl: epochSeconds(at) + EMAIL_RECORD_TTL_SECONDS,
            })
            .where(
              ({ status, claimedAt }, { notExists, eq, lt }) =>
                `${notExists(status)} OR (${eq(status, 'sending')} AND ${lt(claimedAt, at - EMAIL_CLAIM_MS)})`,
            )
            .go(),
        'taken',
      );
      if (claim === 'committed') return 'claimed';
      const { data } = await email.get({ sendKey }).go({ consistent: true });
      return data?.status === 'sent' ? 'sent' : 'busy';
    },
    async completeEmail(sendKey, now) {
      await email.patch({ sendKey }).set({ status: 'sent', sentAt: now.getTime() }).go();
    },
    async releaseEmail(sendKey) {
      await email.delete({ sendKey }).go();
    },
  };
}
