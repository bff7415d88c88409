import { idAttribute, timestampAttributes } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';

/**
 * One import job (data population): every job in one partition (`pk` static, `sk` =
 * importId, a ULID), so the newest-first list is one descending Query. Imports are rare
 * superuser actions: a few hundred jobs never make that partition hot. A step holds a
 * lease (`leaseId` until `leaseUntil`, epoch ms) while it imports its page, so two
 * concurrent steps cannot import the same page; absent totalPages, totalProducts and
 * lastError stand for null.
 */
export const importJobEntity = new Entity({
  model: { entity: 'catalogImport', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    importId: idAttribute,
    mode: { type: ['query', 'brand'] as const, required: true, readOnly: true },
    value: { type: 'string', required: true, readOnly: true },
    status: { type: ['running', 'completed', 'failed'] as const, required: true },
    nextPage: { type: 'number', required: true },
    totalPages: { type: 'number' },
    totalProducts: { type: 'number' },
    pagesDone: { type: 'number', required: true },
    newCount: { type: 'number', required: true },
    updatedCount: { type: 'number', required: true },
    failedCount: { type: 'number', required: true },
    lastError: { type: 'string' },
    createdBy: { type: 'string', required: true, readOnly: true },
    ...timestampAttributes,
    leaseId: { type: 'string' },
    leaseUntil: { type: 'number' },
  },
  indexes: {
    byJob: { pk: { field: 'pk', composite: [] }, sk: { field: 'sk', composite: ['importId'] } },
  },
});

export type ImportJobRow = EntityItem<typeof importJobEntity>;
