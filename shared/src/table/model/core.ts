import type { DocumentClient } from '../client';
import { Attributes } from './attributes';
import { KeyBuilder } from './keys';
import type { EntityDefinition } from './schema';

/** Where an entity's requests go: set once (a service's repository), or per call in `go`. */
export interface TableConfig {
  client?: DocumentClient;
  table?: string;
}

/** What every operation of one entity shares: its declaration, keys, attributes and table. */
export class EntityCore<D extends EntityDefinition> {
  readonly keys: KeyBuilder;
  readonly attributes: Attributes;

  constructor(
    readonly definition: D,
    readonly config: TableConfig = {},
  ) {
    this.keys = new KeyBuilder(definition);
    this.attributes = new Attributes(definition);
  }

  get name(): string {
    return this.definition.model.entity;
  }

  table(options: TableConfig = {}): string {
    const table = options.table ?? this.config.table;
    if (!table) throw new Error(`${this.name}: no table configured`);
    return table;
  }

  client(options: TableConfig = {}): DocumentClient {
    const client = options.client ?? this.config.client;
    if (!client) throw new Error(`${this.name}: no DynamoDB client configured`);
    return client;
  }

  /** A stored row read as this entity's item, or null when the row is another entity's. */
  read(row: Readonly<Record<string, unknown>> | undefined, only?: readonly string[]) {
    if (!row || !this.attributes.owns(row)) return null;
    return this.attributes.format(row, only);
  }
}

/** A projection: the attributes asked for, the keys and the identity that tells whose row it is. */
export function projection(core: EntityCore<EntityDefinition>, attributes: readonly string[] | undefined) {
  if (!attributes) return undefined;
  const { pk, sk } = core.keys.primary.definition;
  return [...new Set([pk.field, sk.field, ...attributes, ...Object.keys(core.attributes.identity())])];
}
