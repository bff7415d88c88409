import type { AccountRowsEraser } from '@sneakers/shared/portability/owner';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service } from '@sneakers/shared/table/entity';
import { developerOverrideEntity, OVERRIDE_LIST } from '../user-access/developer-override-entity';
import { featureGrantEntity } from '../user-access/feature-grant-entity';
import { userFeatureAccessEntity } from '../user-access/user-feature-access-entity';

/**
 * A closed account's feature access (docs/product/accounts.md#closing-the-account): the
 * grants, denials and developer overrides a superuser gave it, with its decision document
 * (last: it names the grants' flags). Reads by key and a Query of the overrides' partition
 * from the user's key; no Scan.
 */
export function createFlagsEraser(client: DocumentClient, table: string): AccountRowsEraser {
  const { documents, grants, overrides } = new Service(
    { documents: userFeatureAccessEntity, grants: featureGrantEntity, overrides: developerOverrideEntity },
    { client, table },
  ).entities;

  return {
    passes: (userId, limit) => [
      async () => {
        const { data } = await overrides.query
          .byUserAndFeature({ list: OVERRIDE_LIST, userId })
          .go({ limit, attributes: ['feature'] });
        if (data.length)
          await overrides.delete(data.map(({ feature }) => ({ list: OVERRIDE_LIST, userId, feature }))).go();
        return { deleted: data.length, anonymised: 0 };
      },
      async () => {
        const { data } = await documents.get({ userId }).go({ attributes: ['grants'] });
        if (!data) return { deleted: 0, anonymised: 0 };
        const features = featuresOf(data.grants);
        if (features.length) await grants.delete(features.map((feature) => ({ feature, userId }))).go();
        await documents.delete({ userId }).go();
        return { deleted: features.length + 1, anonymised: 0 };
      },
    ],
  };
}

/** The flags a document's `grants` map names (a document attribute, read defensively). */
function featuresOf(grants: unknown): string[] {
  return typeof grants === 'object' && grants !== null && !Array.isArray(grants) ? Object.keys(grants) : [];
}
