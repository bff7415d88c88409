/**
 * What the local cloud and the cross-service suites may use of this service (lint allows
 * nothing else of it outside services/lists).
 */
/** The demo seed (lists and commerce) and the public-list bench build items as the route does. */
export { newItem } from './items/domain';
/** The demo seed writes its fixed-id items through the function's own store. */
export { itemStore } from './items/deps';
/** The public-list bench bulk-writes its 5,000 items against its own local cloud's table. */
export { createItemRepository } from './items/repository';
/** The local cloud moves stored inventory `pending` items to `available` before it seeds. */
export { migrateInventoryStatuses } from './items/status-migration';
