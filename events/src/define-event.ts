import * as z from 'zod/mini';

/**
 * A versioned event (DESIGN 3.7). The EventBridge `detail` is
 * `{ schema: 'settings-changed.v1', eventId, occurredAt, data }`: consumers parse it with
 * the same zod schema the producer used.
 */
export const EVENT_SOURCE_PREFIX = 'sneakers';

export interface EventDefinition<D extends z.ZodMiniType = z.ZodMiniType> {
  detailType: string;
  schema: string;
  source: string;
  data: D;
  detail: z.ZodMiniType<EventDetail<z.output<D>>>;
}

export interface EventDetail<T> {
  schema: string;
  eventId: string;
  occurredAt: string;
  data: T;
}

export function defineEvent<D extends z.ZodMiniType>(spec: {
  detailType: string;
  version: number;
  domain: string;
  data: D;
}): EventDefinition<D> {
  const schema = `${spec.detailType
    .replace(/\./g, '-')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase()}.v${spec.version}`;
  return {
    detailType: spec.detailType,
    schema,
    source: `${EVENT_SOURCE_PREFIX}.${spec.domain}`,
    data: spec.data,
    detail: z.object({
      schema: z.literal(schema),
      eventId: z.string(),
      occurredAt: z.string(),
      data: spec.data,
    }) as unknown as z.ZodMiniType<EventDetail<z.output<D>>>,
  };
}

export function buildEvent<D extends z.ZodMiniType>(
  def: EventDefinition<D>,
  data: z.input<D>,
  meta: { eventId: string; occurredAt: string },
) {
  const detail: EventDetail<z.output<D>> = { schema: def.schema, ...meta, data: def.data.parse(data) };
  return {
    eventId: meta.eventId,
    source: def.source,
    detailType: def.detailType,
    detail,
    occurredAt: meta.occurredAt,
  };
}
