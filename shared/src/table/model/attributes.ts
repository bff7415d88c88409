import { ENTITY_FIELD, VERSION_FIELD } from './keys';
import type { AttributeDefinition, EntityDefinition } from './schema';

type Row = Readonly<Record<string, unknown>>;

/**
 * What an entity's attribute declarations say about a value: checks on the way in
 * (required, type, enum, read-only), defaults and derived attributes, and the row read
 * back as the item (declared, visible attributes only; rows of another entity are not ours).
 */
export class Attributes {
  readonly names: readonly string[];
  private readonly entity: string;
  private readonly version: string;

  constructor(private readonly definition: EntityDefinition) {
    this.names = Object.keys(definition.attributes);
    this.entity = definition.model.entity;
    this.version = definition.model.version;
  }

  /** A full row's attributes: defaults filled, derived ones computed, every value checked. */
  forPut(item: Row): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const name of this.names) {
      const declared = this.declared(name);
      let value = item[name];
      if (value === undefined && declared.default !== undefined)
        value = typeof declared.default === 'function' ? declared.default() : declared.default;
      if (value !== undefined) out[name] = value;
    }
    for (const name of this.names) {
      const declared = this.declared(name);
      if (!declared.set) continue;
      const derived = declared.set(out[name], out);
      if (derived === undefined) delete out[name];
      else out[name] = derived;
    }
    for (const name of this.names) {
      const declared = this.declared(name);
      if (out[name] === undefined) {
        if (declared.required) throw this.invalid(name, 'Value is required.');
        continue;
      }
      out[name] = this.clean(name, declared, out[name]);
    }
    return out;
  }

  /** The values an update sets: checked, read-only ones refused, derived ones recomputed. */
  forUpdate(values: Row, key: Row): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) continue;
      if (!Object.hasOwn(this.definition.attributes, name)) continue;
      const declared = this.declared(name);
      if (declared.readOnly && !Object.hasOwn(key, name))
        throw new Error(`${this.entity}: attribute "${name}" is read-only and cannot be updated`);
      out[name] = this.clean(name, declared, value);
    }
    for (const name of this.names) {
      const declared = this.declared(name);
      if (!declared.set || !declared.watch?.some((watched) => Object.hasOwn(out, watched))) continue;
      const derived = declared.set(out[name], { ...key, ...out });
      if (derived !== undefined) out[name] = derived;
    }
    return out;
  }

  /** Names of attributes an update may remove. */
  checkRemovable(names: readonly string[]): void {
    for (const name of names) {
      const declared = this.declared(name);
      if (declared.required || declared.readOnly)
        throw new Error(`${this.entity}: attribute "${name}" cannot be removed`);
    }
  }

  /** Whether a stored row is one of this entity's (the same name and version). */
  owns(row: Row): boolean {
    return row[ENTITY_FIELD] === this.entity && row[VERSION_FIELD] === this.version;
  }

  /** A stored row as the item reads: only declared, visible attributes (and only `only`, when given). */
  format(row: Row, only?: readonly string[]): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const name of only ?? this.names) {
      if (!Object.hasOwn(this.definition.attributes, name)) continue;
      if (this.declared(name).hidden) continue;
      if (row[name] !== undefined) out[name] = row[name];
    }
    return out;
  }

  identity(): Record<string, string> {
    return { [ENTITY_FIELD]: this.entity, [VERSION_FIELD]: this.version };
  }

  private declared(name: string): AttributeDefinition {
    const declared = Object.hasOwn(this.definition.attributes, name)
      ? this.definition.attributes[name]
      : undefined;
    if (!declared) throw new Error(`${this.entity}: unknown attribute "${name}"`);
    return declared;
  }

  /** Checks a value and returns it with maps kept to their declared properties (as ElectroDB stores them). */
  private clean(path: string, declared: AttributeDefinition, value: unknown): unknown {
    const { type } = declared;
    if (typeof type !== 'string') {
      if (!type.some((allowed) => allowed === value))
        throw this.invalid(path, `Value not found in set of acceptable values: ${type.join(', ')}.`);
      return value;
    }
    switch (type) {
      case 'any':
        return value;
      case 'string':
      case 'number':
      case 'boolean':
        if (typeof value !== type) throw this.invalid(path, `Expected a ${type}, received ${typeof value}.`);
        return value;
      case 'list': {
        if (!Array.isArray(value)) throw this.invalid(path, 'Expected a list.');
        const { items } = declared;
        return items ? value.map((v, i) => this.clean(`${path}[${i}]`, items, v)) : value;
      }
      case 'map': {
        if (typeof value !== 'object' || value === null || Array.isArray(value))
          throw this.invalid(path, 'Expected a map.');
        const { properties } = declared;
        if (!properties) return value;
        const map: Row = Object.fromEntries(Object.entries(value));
        const out: Record<string, unknown> = {};
        for (const [name, property] of Object.entries(properties)) {
          const v = map[name];
          if (v === undefined) {
            if (property.required) throw this.invalid(`${path}.${name}`, 'Value is required.');
          } else out[name] = this.clean(`${path}.${name}`, property, v);
        }
        return out;
      }
    }
  }

  private invalid(path: string, message: string): Error {
    return new Error(`${this.entity}: invalid value at "${path}". ${message}`);
  }
}
