import type { Names } from './names';

/** The feature's strings, one block per language under the domain's camel-case name. */
export function translations(n: Names): { en: Record<string, string>; es: Record<string, string> } {
  return {
    en: {
      title: n.title,
      empty: 'Nothing here yet.',
      loadError: 'Could not load this list.',
      createdAt: 'Created {{date}}',
    },
    es: {
      title: n.title,
      empty: 'Todavía no hay nada aquí.',
      loadError: 'No se pudo cargar esta lista.',
      createdAt: 'Creado el {{date}}',
    },
  };
}
