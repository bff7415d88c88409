import { getDataImport } from '@sneakers/shared/contracts/migration';
import type { PortableKey } from '@sneakers/shared/contracts/portability';
import { createPortabilityClient } from '@sneakers/shared/portability/client';
import { invokeFunction } from '@sneakers/shared/runtime/invoke';
import { cloud, poll, type api } from '../../../../tests/support/cloud-client';

/** The owners' portability functions over the local cloud's Lambda Invoke API. */
export const portability = createPortabilityClient((service, payload) =>
  invokeFunction({ AWS_REGION: 'eu-west-1', LAMBDA_ENDPOINT: cloud().lambdaUrl }, service, payload, {}),
);

/** Every inventory item the user owns, as the owner's `keys` pages them (its import key and markers). */
export async function inventoryKeys(userId: string): Promise<PortableKey[]> {
  const records: PortableKey[] = [];
  let cursor: string | null = null;
  do {
    const page = await portability.keys({ userId, kind: 'inventory', cursor });
    records.push(...page.records);
    cursor = page.cursor;
  } while (cursor);
  return records;
}

/**
 * The import once the worker has checked its rows (`mapped`, or `failed` with the reason): a
 * mapping answers `validating` at once, and a dry run or a start before the check ends is refused.
 */
export const checked = (client: ReturnType<typeof api>, importId: string, timeoutMs = 600_000) =>
  poll(
    async () => (await client.call(getDataImport, { params: { importId } })).import,
    (i) => i.status !== 'validating',
    timeoutMs,
  );
