/**
 * How a read-only view differs from the entity that owns the rows: model, primary keys,
 * each secondary index and each attribute the view declares. Empty when the view reads the owner's rows right.
 * The owning service's tests assert it is empty.
 */
interface SchemaLike {
  schema: {
    model: { entity: string; version: string; service: string };
    attributes: Record<string, unknown>;
    indexes: Record<string, IndexLike>;
  };
}

interface KeyLike {
  field: string;
  composite: readonly string[];
  casing?: string;
}

interface IndexLike {
  index?: string;
  collection?: string | readonly string[];
  pk: KeyLike;
  sk?: KeyLike;
}

const primary = (e: SchemaLike) => Object.values(e.schema.indexes).find((i) => !i.index);
const secondary = (e: SchemaLike, name: string) =>
  Object.values(e.schema.indexes).find((i) => i.index === name);
/** What the key values depend on: fields, composites, casing, and the collection (the sort key prefix). */
const describeKeys = (i: IndexLike | undefined) =>
  JSON.stringify(
    i && {
      pk: [i.pk.field, i.pk.composite, i.pk.casing],
      sk: i.sk && [i.sk.field, i.sk.composite, i.sk.casing],
      collection: i.collection,
    },
  );
/** What reading depends on: the attribute's type (enums and list items included) and field name. */
const shape = (attribute: unknown) => {
  const { type, items, field } = (attribute ?? {}) as { type?: unknown; items?: unknown; field?: unknown };
  return JSON.stringify({ type, items, field });
};

export function viewDrift(view: SchemaLike, owner: SchemaLike): string[] {
  const problems: string[] = [];
  if (JSON.stringify(view.schema.model) !== JSON.stringify(owner.schema.model))
    problems.push(`model ${JSON.stringify(view.schema.model)} ≠ ${JSON.stringify(owner.schema.model)}`);
  const [viewKey, ownerKey] = [describeKeys(primary(view)), describeKeys(primary(owner))];
  if (viewKey !== ownerKey) problems.push(`primary key ${viewKey} ≠ ${ownerKey}`);
  // A view that queries a GSI must build that index's keys exactly as the owner writes them.
  for (const declared of Object.values(view.schema.indexes)) {
    if (!declared.index) continue;
    const [mine, theirs] = [describeKeys(declared), describeKeys(secondary(owner, declared.index))];
    if (mine !== theirs) problems.push(`index ${declared.index} ${mine} ≠ ${theirs}`);
  }
  for (const [name, attribute] of Object.entries(view.schema.attributes)) {
    if (!(name in owner.schema.attributes)) problems.push(`${name}: not an attribute of the owner`);
    else if (shape(attribute) !== shape(owner.schema.attributes[name]))
      problems.push(`${name}: ${shape(attribute)} ≠ ${shape(owner.schema.attributes[name])}`);
  }
  return problems;
}
