import { portableSchemaOf, type ImportColumn, type PortableKind } from '@sneakers/shared';

/**
 * The fields a column can map to: the kind's portable record (the API's create contract,
 * shared/src/contracts/portability.ts), plus any field the server suggested that is not a
 * top-level key (a nested one), so a suggestion is never lost from its select.
 */
export function mappableFields(kind: PortableKind, columns: readonly ImportColumn[]): string[] {
  const fields = new Set(Object.keys(portableSchemaOf(kind).shape));
  for (const column of columns) if (column.field) fields.add(column.field);
  return [...fields];
}

/** Fields chosen by more than one column: the mapping step names them before the server does. */
export function duplicatedFields(columns: readonly { field: string | null }[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const { field } of columns) {
    if (!field) continue;
    if (seen.has(field)) twice.add(field);
    seen.add(field);
  }
  return [...twice];
}

/** File size for people: 1.2 MB, 830 KB. */
export function formatBytes(bytes: number, language: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** A field's label in the user's language; a field without one (a nested one) shows its name. */
export function fieldLabel(t: (key: string, options: { defaultValue: string }) => string, field: string) {
  return t(`migration.fields.${field}`, { defaultValue: field });
}
