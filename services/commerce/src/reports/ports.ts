import type { SalesRepository } from '../sales/ports';

/** The reports read the sales area's rows: its repository's period Query and the store's profile. */
export interface ReportsDeps {
  repo: Pick<SalesRepository, 'listSales' | 'getStoreProfile'>;
}
