import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service } from '@sneakers/shared/table/entity';
import { conditional } from '@sneakers/shared/table/transaction';
import { profileView } from '@sneakers/shared/views/profile-view';
import type { RegistrationRepository } from './ports';
import { registrationLinkEntity } from './registration-link-entity';

/**
 * Access patterns: GetItem of the store's link (consistent), its conditional create and its
 * Put; a projected GetItem of the store's profile row (the profiles service's, read-only).
 * The provider a registration makes is written by src/providers/repository.ts.
 */
export function createRegistrationRepository(
  client: DocumentClient,
  table: string,
): Omit<RegistrationRepository, 'createProvider'> {
  const { link, profile } = new Service(
    { link: registrationLinkEntity, profile: profileView },
    { client, table },
  ).entities;

  return {
    async getLink(storeUserId) {
      // Consistent: a rotation must invalidate the old token at once.
      const { data } = await link.get({ storeUserId }).go({ consistent: true });
      return data ?? null;
    },
    createLink(value) {
      return conditional(() => link.create(value).go(), 'exists');
    },
    async replaceLink(value) {
      await link.put(value).go();
    },
    async getBusinessName(storeUserId) {
      const { data } = await profile.get({ userId: storeUserId }).go({ attributes: ['businessName'] });
      return data?.businessName ?? null;
    },
  };
}
