import type { Casing, EntityDefinition, IndexDefinition, KeyDefinition } from './schema';

/**
 * Keys in ElectroDB's format, so rows written before and after docs/adr/0015 are the same
 * rows: `pk = $<service>#<attr>_<value>...`, `sk = $<entity>_<version>#<attr>_<value>...`
 * (`$<collection>#<entity>_<version>...` in a collection), lower-cased unless the key says
 * otherwise. `__edb_e__` / `__edb_v__` name the row's entity and version.
 */
export const ENTITY_FIELD = '__edb_e__';
export const VERSION_FIELD = '__edb_v__';

type Values = Readonly<Record<string, unknown>>;

function cased(key: string, casing: Casing | undefined): string {
  if (casing === 'none') return key;
  if (casing === 'upper') return key.toUpperCase();
  return key.toLowerCase();
}

const present = (value: unknown) => value !== undefined && value !== null;

export interface IndexFacts {
  /** The access pattern's name (`byOwner`). */
  name: string;
  /** The GSI's name; undefined for the table. */
  index: string | undefined;
  definition: IndexDefinition;
}

export class KeyBuilder {
  readonly indexes: IndexFacts[];
  readonly primary: IndexFacts;
  private readonly skPrefix: Map<string, string>;

  constructor(private readonly definition: EntityDefinition) {
    this.indexes = Object.entries(definition.indexes).map(([name, index]) => ({
      name,
      index: index.index,
      definition: index,
    }));
    const primary = this.indexes.find((i) => i.index === undefined);
    if (!primary) throw new Error(`${definition.model.entity}: no table index`);
    this.primary = primary;
    const { entity, version } = definition.model;
    this.skPrefix = new Map(
      this.indexes.map((i) => [
        i.name,
        i.definition.collection
          ? `$${i.definition.collection}#${entity}_${version}`
          : `$${entity}_${version}`,
      ]),
    );
  }

  byName(name: string): IndexFacts {
    const found = this.indexes.find((i) => i.name === name);
    if (!found) throw new Error(`${this.definition.model.entity}: no index ${name}`);
    return found;
  }

  /** The fields of every key this entity writes (pk, sk and each GSI's pair). */
  keyFields(): Set<string> {
    return new Set(this.indexes.flatMap((i) => [i.definition.pk.field, i.definition.sk.field]));
  }

  partition(index: IndexFacts, values: Values): string {
    return this.compose(`$${this.definition.model.service}`, index.definition.pk, values);
  }

  /** The sort key with every composite present (a row's own key). */
  sort(index: IndexFacts, values: Values): string {
    return this.compose(this.prefixOf(index), index.definition.sk, values);
  }

  /**
   * The sort key of the composites given from the left. `labelNext` appends the next
   * attribute's label (`#saleid_`), as a query's begins_with needs; range conditions do not.
   */
  sortPrefix(index: IndexFacts, values: Values, labelNext: boolean): { value: string; complete: boolean } {
    const { sk } = index.definition;
    let key = this.prefixOf(index);
    let given = 0;
    for (const name of sk.composite) {
      if (!present(values[name])) break;
      key += `#${name}_${String(values[name])}`;
      given += 1;
    }
    const complete = given === sk.composite.length;
    if (!complete && labelNext) key += `#${sk.composite[given]}_`;
    return { value: cased(key, sk.casing), complete };
  }

  /** The table key of one row: `{ pk, sk }`; throws when a composite attribute is missing. */
  primaryKey(values: Values): Record<string, string> {
    const { pk, sk } = this.primary.definition;
    this.expect(this.primary, values);
    return { [pk.field]: this.partition(this.primary, values), [sk.field]: this.sort(this.primary, values) };
  }

  /** Every key a full row carries; a GSI none of whose attributes is present is left out (sparse). */
  allKeys(item: Values): Record<string, string> {
    const keys: Record<string, string> = { ...this.primaryKey(item) };
    for (const index of this.indexes) {
      if (index === this.primary) continue;
      const { pk, sk, condition } = index.definition;
      if (condition && !condition(item)) continue;
      if (![...pk.composite, ...sk.composite].some((name) => present(item[name]))) continue;
      keys[pk.field] = this.partition(index, item);
      keys[sk.field] = this.sort(index, item);
    }
    return keys;
  }

  compositeNames(index: IndexFacts): string[] {
    return [...index.definition.pk.composite, ...index.definition.sk.composite];
  }

  expect(index: IndexFacts, values: Values, names = this.compositeNames(index)): void {
    const missing = names.filter((name) => !present(values[name]));
    if (missing.length > 0)
      throw new Error(
        `${this.definition.model.entity}: missing key attributes ${missing.map((m) => `"${m}"`).join(', ')}`,
      );
  }

  private prefixOf(index: IndexFacts): string {
    return this.skPrefix.get(index.name) ?? '';
  }

  /** A missing composite leaves its label with no value, as ElectroDB writes a partial GSI key. */
  private compose(start: string, key: KeyDefinition, values: Values): string {
    let out = start;
    for (const name of key.composite) {
      const value = values[name];
      out += `#${name}_${present(value) ? String(value) : ''}`;
    }
    return cased(out, key.casing);
  }
}
