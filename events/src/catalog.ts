import * as z from 'zod/mini';
import { defineEvent } from './define-event';

/**
 * Written with every catalogue change, in the same transaction (outbox): the catalog
 * service's index consumer folds the products into the search index snapshot.
 */
export const catalogProductsChanged = defineEvent({
  detailType: 'Catalog.ProductsChanged',
  version: 1,
  domain: 'catalog',
  data: z.object({
    /** Products created or updated: the consumer reads their current rows. */
    upserted: z.array(z.string()),
    /** Products deleted. */
    removed: z.array(z.string()),
  }),
});
