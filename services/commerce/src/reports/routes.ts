import { exportSales as exportContract, salesDac7 as dac7Contract } from '@sneakers/shared/contracts/sales';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { reportsDeps } from './deps';
import { exportSales, salesDac7 } from './domain';

export const reportRoutes: Route[] = [
  route(exportContract, async ({ actor, query }) => exportSales(reportsDeps(), actor, query)),
  route(dac7Contract, async ({ actor, query }) => salesDac7(reportsDeps(), actor, query.year)),
];
