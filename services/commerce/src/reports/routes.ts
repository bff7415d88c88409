import { exportSales as exportContract, salesDac7 as dac7Contract } from '@sneakers/shared/contracts/sales';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { salesDeps } from '../sales/deps';
import { exportSales, salesDac7 } from './domain';

export const reportRoutes: Route[] = [
  route(exportContract, async ({ actor, query }) => exportSales(salesDeps(), actor, query)),
  route(dac7Contract, async ({ actor, query }) => salesDac7(salesDeps(), actor, query.year)),
];
