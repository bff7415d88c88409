import type { Contract } from '@sneakers/shared/contracts/contract';
import { functions as services } from '../../../services/registry';

/**
 * Every HTTP route of every deployed service, read from the registry the CDK app and
 * the local cloud use: a route added later is covered by these suites without a new test.
 */
export const contracts: Contract[] = services.flatMap((s) =>
  (s.definition.routes ?? []).map((r) => r.contract),
);

export const routeLabel = (c: Contract) => `${c.method} ${c.path} (${c.id})`;

export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
}

/** A route's path with each `{name}` replaced by the given raw (already encoded) segment. */
export function fillPath(path: string, segments: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const segment = segments[name];
    if (segment === undefined) throw new Error(`No value for path parameter ${name} of ${path}`);
    return segment;
  });
}
