import { str, strings } from '../form';
import { listOf } from '../store';
import type { ApiContext, Route } from './context';

/** `/v1/events`: what happened, newest first, by `type` or `types[]`. */
export function eventRoutes(ctx: ApiContext): Route[] {
  const { store } = ctx;
  return [
    {
      method: 'GET',
      path: '/v1/events/:id',
      handle: ({ ids }) => store.get('events', ids[0] ?? '', 'event'),
    },
    {
      method: 'GET',
      path: '/v1/events',
      handle: ({ params }) => {
        const type = str(params, 'type');
        const types = strings(params, 'types');
        const matches = (t: string) =>
          (!type || (type.endsWith('.*') ? t.startsWith(type.slice(0, -1)) : t === type)) &&
          (types.length === 0 || types.includes(t));
        return listOf(
          [...store.tables.events.values()].filter((e) => matches(e.type)),
          params,
          '/v1/events',
        );
      },
    },
  ];
}
