import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Names } from './names';
import { translations } from './translations';

/**
 * The files a new domain starts with: `templates/` mirrors the repository, `__kebab__` in a
 * path and the tokens below in a file stand for the domain's names, and `.tmpl` keeps the
 * templates themselves out of tsc, ESLint and Prettier.
 */
export const TEMPLATES_DIR = fileURLToPath(new URL('./templates', import.meta.url));

export interface Options {
  /** The dashboard section the feature's screen claims (an id of web/src/lib/sections.ts). */
  section?: string | undefined;
}

export interface PlannedFile {
  /** Repository-relative, with `/` separators. */
  path: string;
  content: string;
}

/** The template files, repository-relative, sorted. */
export function templatePaths(dir = TEMPLATES_DIR): string[] {
  const walk = (at: string): string[] =>
    readdirSync(at, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(at, entry.name)) : [join(at, entry.name)],
    );
  return walk(dir)
    .map((file) => relative(dir, file).split(sep).join('/'))
    .filter((file) => file.endsWith('.tmpl'))
    .sort();
}

export function outputPath(template: string, n: Names): string {
  return template.replace(/\.tmpl$/, '').replaceAll('__kebab__', n.kebab);
}

/** The `sections` map of the feature's FeatureModule. */
export function sectionsLiteral(n: Names, options: Options): string {
  return options.section ? `{ '${options.section}': ${n.pascal}Screen }` : '{}';
}

export function render(template: string, n: Names, options: Options = {}): string {
  return template
    .replaceAll('__SECTIONS__', sectionsLiteral(n, options))
    .replaceAll('__kebab__', n.kebab)
    .replaceAll('__camel__', n.camel)
    .replaceAll('__Pascal__', n.pascal)
    .replaceAll('__CONST__', n.constant)
    .replaceAll('__Title__', n.title);
}

/**
 * The feature's strings, its own part loaded with its screen (docs/adr/0007-strings-per-feature.md):
 * one block under the domain's camel-case name per language.
 */
export function translationFiles(n: Names): PlannedFile[] {
  const blocks = translations(n);
  return (['en', 'es'] as const).map((lng) => ({
    path: `web/src/features/${n.kebab}/i18n/${lng}.json`,
    content: `${JSON.stringify({ [n.camel]: blocks[lng] }, null, 2)}\n`,
  }));
}

/** Every file to create, rendered, in path order. */
export function plannedFiles(n: Names, options: Options = {}, dir = TEMPLATES_DIR): PlannedFile[] {
  return [
    ...templatePaths(dir).map((template) => ({
      path: outputPath(template, n),
      content: render(readFileSync(join(dir, template), 'utf8'), n, options),
    })),
    ...translationFiles(n),
  ].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
