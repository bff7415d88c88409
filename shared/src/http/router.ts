import type { Route } from '../runtime/function';

/** Matches API Gateway-style paths (`/api/items/{id}`) to routes. */
export interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  names: string[];
}

export function compileRoutes(routes: Route[]): CompiledRoute[] {
  return routes.map((route) => {
    const names: string[] = [];
    const source = route.contract.path
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace(/\\?\{(\w+)\\?\}/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
    return { route, pattern: new RegExp(`^${source.replace(/\\\{|\\\}/g, '')}/?$`), names };
  });
}

export type RouteMatch =
  | { kind: 'match'; route: Route; params: Record<string, string> }
  /** The path names a route but a parameter is not valid percent-encoding (`%E0%A4%A`). */
  | { kind: 'bad-path'; route: Route }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' };

/** `decodeURIComponent` without its URIError: undefined for a malformed escape. */
function decodeParam(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

export function matchRoute(compiled: CompiledRoute[], method: string, path: string): RouteMatch {
  const allowed: string[] = [];
  for (const c of compiled) {
    const m = c.pattern.exec(path);
    if (!m) continue;
    if (c.route.contract.method !== method.toUpperCase()) {
      allowed.push(c.route.contract.method);
      continue;
    }
    const params: Record<string, string> = {};
    for (const [i, name] of c.names.entries()) {
      const value = decodeParam(m[i + 1] ?? '');
      if (value === undefined) return { kind: 'bad-path', route: c.route };
      params[name] = value;
    }
    return { kind: 'match', route: c.route, params };
  }
  return allowed.length ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' };
}
