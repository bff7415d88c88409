import * as z from 'zod/mini';
import { catalogMarketAnswerSchema } from '@sneakers/shared/contracts/catalog-market';
import { currencySchema } from '@sneakers/shared/money';
import { itemIdOfIndexRow, sizeKeyOfIndexRow } from '@sneakers/shared/rules/deals';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service } from '@sneakers/shared/table/entity';
import { dealIndexView } from '@sneakers/shared/views/deal-index-view';
import type { CatalogMarketReader, NetworkIndexReader, NetworkRow } from './ports';

/** Sends one request to the `catalog-market` function and answers its raw result (the Lambda Invoke API). */
export type MarketTransport = (request: unknown) => Promise<unknown>;

/** The catalogue's market data through its function; an answer that does not fit is an error, not "no data". */
export function createCatalogMarketReader(send: MarketTransport): CatalogMarketReader {
  return {
    async read(request) {
      const answer = z.safeParse(catalogMarketAnswerSchema, await send(request));
      if (!answer.success) throw new Error('The catalog-market answer is not valid.');
      return answer.data;
    },
  };
}

/** What pricing reads of an index row's `source` (the deals service writes the whole item). */
const sourceSchema = z.looseObject({
  ownerId: z.string(),
  price: z.nullable(z.number()),
  currency: currencySchema,
});

/** The deals index partitions, a Query each (every page), never a Scan. */
export function createNetworkIndexReader(client: DocumentClient, table: string): NetworkIndexReader {
  const { index } = new Service({ index: dealIndexView }, { client, table }).entities;
  return {
    async readPartition(pk) {
      const { data } = await index.query.byPartition({ partition: pk }).go({ pages: 'all' });
      const rows: NetworkRow[] = [];
      for (const row of data) {
        let json: unknown;
        try {
          json = JSON.parse(row.source);
        } catch {
          continue;
        }
        const source = z.safeParse(sourceSchema, json);
        // A row that does not read as an item is the deals service's to repair: it prices nothing here.
        if (!source.success) continue;
        rows.push({
          sizeKey: sizeKeyOfIndexRow({ sk: row.slot }),
          itemId: itemIdOfIndexRow({ sk: row.slot }),
          ownerId: source.data.ownerId,
          price: source.data.price,
          currency: source.data.currency,
        });
      }
      return rows;
    },
  };
}
