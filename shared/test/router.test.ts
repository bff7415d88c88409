import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { defineContract } from '../src/contracts/contract';
import { compileRoutes, matchRoute } from '../src/http/router';
import { route } from '../src/runtime/function';

const getItem = defineContract({
  id: 'items.get',
  method: 'GET',
  path: '/api/items/{itemId}',
  auth: 'user',
  params: z.object({ itemId: z.string() }),
  response: z.object({}),
});
const listItems = defineContract({
  id: 'items.list',
  method: 'GET',
  path: '/api/items',
  auth: 'user',
  response: z.object({}),
});
const compiled = compileRoutes([route(getItem, async () => ({})), route(listItems, async () => ({}))]);

describe('route matching', () => {
  it('matches paths with parameters and decodes them', () => {
    const m = matchRoute(compiled, 'GET', '/api/items/a%20b');
    expect(m.kind).toBe('match');
    expect(m.kind === 'match' && m.params).toEqual({ itemId: 'a b' });
  });

  it('tells a wrong method from an unknown path', () => {
    expect(matchRoute(compiled, 'DELETE', '/api/items/1')).toEqual({
      kind: 'method-not-allowed',
      allowed: ['GET'],
    });
    expect(matchRoute(compiled, 'GET', '/api/items/1/extra')).toEqual({ kind: 'not-found' });
  });

  it('does not let a parameter swallow slashes', () => {
    expect(matchRoute(compiled, 'GET', '/api/items/').kind).toBe('match');
    expect(matchRoute(compiled, 'GET', '/api/items/a/b').kind).toBe('not-found');
  });

  it('reports a malformed escape in a parameter as a bad path instead of throwing', () => {
    const m = matchRoute(compiled, 'GET', '/api/items/%E0%A4%A');
    expect(m).toEqual({ kind: 'bad-path', route: compiled[0]?.route });
    // Only a path that matches a route is a bad path; elsewhere it stays unknown.
    expect(matchRoute(compiled, 'GET', '/api/other/%E0%A4%A')).toEqual({ kind: 'not-found' });
  });
});
