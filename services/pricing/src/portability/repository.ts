import type { AccountRowsEraser } from '@sneakers/shared/portability/owner';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service } from '@sneakers/shared/table/entity';
import { changeEntity } from '../runs/change-entity';
import { runEntity } from '../runs/run-entity';
import { runRowsEntity } from '../runs/run-rows-entity';
import { strategyEntity } from '../strategies/strategy-entity';

/** Row chunks of a run one call handles (each holds up to ROWS_PER_CHUNK items' rows). */
const CHUNKS_PER_CALL = 2;

/**
 * A closed account's pricing (docs/product/accounts.md#closing-the-account): its strategies,
 * its runs with their rows, and the price history those runs wrote (a change is keyed by the
 * item and the run, so a run's rows name every change it made). Queries of the owner's
 * partitions; no Scan.
 */
export function createPricingEraser(client: DocumentClient, table: string): AccountRowsEraser {
  const { strategies, runs, rows, changes } = new Service(
    { strategies: strategyEntity, runs: runEntity, rows: runRowsEntity, changes: changeEntity },
    { client, table },
  ).entities;

  return {
    passes: (ownerUserId, limit) => [
      async () => {
        const { data } = await strategies.query.byOwner({ ownerUserId }).go({ limit, attributes: ['id'] });
        if (data.length) await strategies.delete(data.map(({ id }) => ({ ownerUserId, id }))).go();
        return { deleted: data.length, anonymised: 0 };
      },
      // One run at a time: its row chunks with the history rows they name, then the run.
      async () => {
        const { data } = await runs.query.byOwner({ ownerUserId }).go({ limit: 1, attributes: ['id'] });
        const run = data[0];
        if (!run) return { deleted: 0, anonymised: 0 };
        const runId = run.id;
        const { data: chunks } = await rows.query
          .byRun({ ownerUserId, runId })
          .go({ limit: CHUNKS_PER_CALL, attributes: ['chunk', 'rows'] });
        if (!chunks.length) {
          await runs.delete({ ownerUserId, id: runId }).go();
          return { deleted: 1, anonymised: 0 };
        }
        const itemIds = new Set(chunks.flatMap((c) => itemIdsOf(c.rows)));
        if (itemIds.size)
          await changes.delete([...itemIds].map((itemId) => ({ ownerUserId, itemId, runId }))).go();
        await rows.delete(chunks.map(({ chunk }) => ({ ownerUserId, runId, chunk }))).go();
        return { deleted: itemIds.size + chunks.length, anonymised: 0 };
      },
    ],
  };
}

/** The item ids of a chunk's rows (a document attribute, read defensively). */
function itemIdsOf(rows: unknown): string[] {
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row: unknown) => {
    if (typeof row !== 'object' || row === null || !('itemId' in row)) return [];
    return typeof row.itemId === 'string' ? [row.itemId] : [];
  });
}
