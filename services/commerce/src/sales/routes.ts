import {
  createSale,
  getSale as getSaleContract,
  listSales as listSalesContract,
  updateSale as updateSaleContract,
} from '@sneakers/shared/contracts/sales';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { salesDeps } from './deps';
import { getSale, listSales, recordSale, updateSale } from './domain';

export const salesRoutes: Route[] = [
  route(listSalesContract, async ({ actor, query }) => {
    const page = await listSales(salesDeps(), actor, query);
    return { sales: page.items, cursor: page.cursor };
  }),
  route(createSale, async ({ actor, headers, body, setStatus }) => {
    const { sale, created } = await recordSale(salesDeps(), actor, headers, body);
    // 201 when this call recorded it, 200 when a retry with the same key replays it.
    if (!created) setStatus(200);
    return { sale };
  }),
  route(getSaleContract, async ({ actor, params }) => ({
    sale: await getSale(salesDeps(), actor, params.saleId),
  })),
  route(updateSaleContract, async ({ actor, params, body }) => ({
    sale: await updateSale(salesDeps(), actor, params.saleId, body),
  })),
];
