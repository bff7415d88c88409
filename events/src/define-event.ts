import * as z from 'zod/mini';

/**
 * A versioned event (docs/architecture.md#37-versioned-events). The EventBridge `detail` is
 * `{ schema: 'settings-changed.v1', eventId, occurredAt, data }`: consumers parse it with
 * the same zod schema the producer used.
 */
export const EVENT_SOURCE_PREFIX = 'sneakers';

/** The schema of an event's `detail`. */
export type DetailSchema<D extends z.ZodMiniType> = z.ZodMiniObject<{
  schema: z.ZodMiniLiteral<string>;
  eventId: z.ZodMiniString;
  occurredAt: z.ZodMiniString;
  data: D;
}>;

export interface EventDefinition<D extends z.ZodMiniType = z.ZodMiniType> {
  detailType: string;
  schema: string;
  source: string;
  data: D;
  detail: DetailSchema<D>;
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
    }),
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

const envelope = z.object({
  schema: z.string(),
  eventId: z.string(),
  occurredAt: z.string(),
  data: z.unknown(),
});

/** A detail as its consumer sees it: the envelope checked, the data parsed by the event's schema. */
export function parseEvent<D extends z.ZodMiniType>(
  def: EventDefinition<D>,
  detail: unknown,
): EventDetail<z.output<D>> {
  const parsed = z.parse(envelope, detail);
  if (parsed.schema !== def.schema) throw new Error(`Expected ${def.schema}, got ${parsed.schema}`);
  return {
    schema: parsed.schema,
    eventId: parsed.eventId,
    occurredAt: parsed.occurredAt,
    data: z.parse(def.data, parsed.data),
  };
}
