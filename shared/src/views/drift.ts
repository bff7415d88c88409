/**
 * How a read-only view differs from the entity that owns the rows: model, primary keys
 * and each attribute the view declares. Empty when the view reads the owner's rows right.
 * The owning service's tests assert it is empty.
 */
interface SchemaLike {
  schema: {
    model: { entity: string; version: string; service: string };
    attributes: Record<string, unknown>;
    indexes: Record<
      string,
      {
        index?: string;
        pk: { field: string; composite: readonly string[] };
        sk?: { field: string; composite: readonly string[] };
      }
    >;
  };
}

const primary = (e: SchemaLike) => Object.values(e.schema.indexes).find((i) => !i.index);
const keyOf = (e: SchemaLike) => {
  const p = primary(e);
  return JSON.stringify(p && { pk: [p.pk.field, p.pk.composite], sk: p.sk && [p.sk.field, p.sk.composite] });
};
/** What reading depends on: the attribute's type (enums and list items included) and field name. */
const shape = (attribute: unknown) => {
  const { type, items, field } = (attribute ?? {}) as { type?: unknown; items?: unknown; field?: unknown };
  return JSON.stringify({ type, items, field });
};

export function viewDrift(view: SchemaLike, owner: SchemaLike): string[] {
  const problems: string[] = [];
  if (JSON.stringify(view.schema.model) !== JSON.stringify(owner.schema.model))
    problems.push(`model ${JSON.stringify(view.schema.model)} ≠ ${JSON.stringify(owner.schema.model)}`);
  if (keyOf(view) !== keyOf(owner)) problems.push(`primary key ${keyOf(view)} ≠ ${keyOf(owner)}`);
  for (const [name, attribute] of Object.entries(view.schema.attributes)) {
    if (!(name in owner.schema.attributes)) problems.push(`${name}: not an attribute of the owner`);
    else if (shape(attribute) !== shape(owner.schema.attributes[name]))
      problems.push(`${name}: ${shape(attribute)} ≠ ${shape(owner.schema.attributes[name])}`);
  }
  return problems;
}
