import type { Contract } from '@sneakers/shared/contracts/contract';
import { routeLabel } from './routes';

/**
 * What a route suite did: routes covered, routes it could not exercise (with the reason),
 * requests sent and time taken, printed as one line so the budget stays visible.
 */
export function createTally(suite: string) {
  const started = performance.now();
  const covered = new Set<string>();
  const notExercised = new Map<string, string>();
  const notApplicable = new Map<string, string>();
  let requests = 0;
  return {
    request() {
      requests += 1;
    },
    covered(contract: Contract) {
      covered.add(routeLabel(contract));
    },
    /** A route the suite should cover but cannot, with the reason (printed). */
    notExercised(contract: Contract, reason: string) {
      notExercised.set(routeLabel(contract), reason);
    },
    /** A route the suite's question does not apply to (a public route has no token to forge). */
    notApplicable(contract: Contract, reason: string) {
      notApplicable.set(routeLabel(contract), reason);
    },
    get requests() {
      return requests;
    },
    print() {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const reasons = [...new Set(notApplicable.values())].join(', ');
      const lines = [
        `route-suites/${suite}: ${covered.size} routes covered, ` +
          (notApplicable.size ? `${notApplicable.size} not applicable (${reasons}), ` : '') +
          `${notExercised.size} listed as not exercisable, ${requests} requests, ${seconds} s`,
        ...[...notExercised].map(([route, reason]) => `  not exercised: ${route}: ${reason}`),
      ];
      console.log(lines.join('\n'));
    },
  };
}

export type Tally = ReturnType<typeof createTally>;
