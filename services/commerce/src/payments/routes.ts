import {
  createPayment as createContract,
  getPayment as getContract,
  listPayments as listContract,
  listProviderBalances as balancesContract,
} from '@sneakers/shared/contracts/payments';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { paymentDeps } from './deps';
import { createPayment, getPayment, listBalances, listPayments } from './domain';

export const paymentRoutes: Route[] = [
  route(listContract, async ({ actor, query }) => {
    const page = await listPayments(paymentDeps(), actor, query);
    return { payments: page.items, cursor: page.cursor };
  }),
  route(createContract, async ({ actor, headers, body, setStatus }) => {
    const { payment, created } = await createPayment(paymentDeps(), actor, headers, body);
    // 201 when this call created it, 200 when a retry with the same key replays it.
    if (!created) setStatus(200);
    return { payment };
  }),
  route(getContract, async ({ actor, params }) => ({
    payment: await getPayment(paymentDeps(), actor, params.paymentId),
  })),
  route(balancesContract, async ({ actor }) => ({ balances: await listBalances(paymentDeps(), actor) })),
];
