/**
 * What the local cloud and the cross-service suites may use of this service (lint allows
 * nothing else of it outside services/commerce): the benchmarks that measure below the HTTP
 * layer. The demo seed writes through the routes.
 */

/** tests/bench/commerce-sale.ts: the sale use case over a repository whose transaction it captures. */
export { recordSale } from './sales/domain';
/** tests/bench/commerce-sale.ts: the sales repository on the bench's capturing client. */
export { createSalesRepository } from './sales/repository';
/** tests/bench/commerce-overview.ts: 10,000 sale rows written straight to the table. */
export { saleEntity, type SaleRecord } from './sales/sale-entity';
/** tests/bench/commerce-overview.ts: the ledger's balances, polled until the stream caught up. */
export { readStoreBalances } from './ledger/ledger-reader';
/** tests/bench/commerce-overview.ts: the overview use case, its DynamoDB requests counted. */
export { getStoreOverview } from './overview/domain';
/** tests/bench/commerce-overview.ts: the overview's reader on the bench's counting client. */
export { createOverviewReader } from './overview/repository';
/** infra/test/events-stack.test.ts: the entities whose changes the ledger's stream filter lets through. */
export { LEDGER_SOURCE_ENTITIES } from './ledger/deltas';
