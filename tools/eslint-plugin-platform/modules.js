import { readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * Module resolution and the runtime import graph the platform rules share. Resolution is
 * TypeScript's own (moduleResolution Bundler, as tsconfig.base.json), so a workspace package
 * name (`@sneakers/service-crm/...`) lands on the real file under services/ like a relative
 * path does.
 */

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

const compilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowJs: true,
  resolveJsonModule: true,
  jsx: ts.JsxEmit.ReactJSX,
};

/** One resolution cache per root: the rules run once per file, thousands of times a lint. */
const resolutionCaches = new Map();

function resolutionCache(root) {
  let cache = resolutionCaches.get(root);
  if (!cache) {
    cache = ts.createModuleResolutionCache(root, (name) => name, compilerOptions);
    resolutionCaches.set(root, cache);
  }
  return cache;
}

/**
 * Where `specifier` imported from `fromFile` lands: an absolute file path, or null for a
 * package outside the repository (or one that does not resolve). A relative path that
 * TypeScript cannot resolve (a stylesheet, an asset) still names its place on disk.
 */
export function resolveImport(specifier, fromFile, root = REPO_ROOT) {
  const { resolvedModule } = ts.resolveModuleName(
    specifier,
    fromFile,
    compilerOptions,
    ts.sys,
    resolutionCache(root),
  );
  // Not `isExternalLibraryImport`: TypeScript sets it for the workspace links too.
  if (resolvedModule && !/[\\/]node_modules[\\/]/.test(resolvedModule.resolvedFileName)) {
    return resolvedModule.resolvedFileName;
  }
  if (specifier.startsWith('.')) return resolve(dirname(fromFile), specifier);
  return null;
}

/** `file` relative to `root` with forward slashes, or null when it lies outside it. */
export function repoPath(file, root = REPO_ROOT) {
  const rel = relative(root, file);
  if (rel.startsWith('..') || rel === '') return null;
  return rel.split(sep).join('/');
}

const SERVER_PACKAGES = [
  /^node:/,
  /^@aws-sdk\//,
  /^electrodb$/,
  /^aws-lambda$/,
  /^@middy\//,
  /^@aws-lambda-powertools\//,
];
const NODE_BUILTINS = new Set(builtinModules);

/** A package no browser bundle may contain, or null. */
export function serverPackage(specifier) {
  const name = specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
  if (NODE_BUILTINS.has(name) || SERVER_PACKAGES.some((pattern) => pattern.test(specifier))) return name;
  return null;
}

/** Folders of @sneakers/shared that run only in Lambda or the local cloud. */
export const SERVER_SHARED_FOLDERS = [
  'runtime',
  'table',
  'http',
  'email',
  'idempotency',
  'rate-limit',
  'views',
  'auth',
];

const SERVER_PATH = new RegExp(
  `^(shared/src/(${SERVER_SHARED_FOLDERS.join('|')})/|services/|infra/|localstack/)`,
);

/** Whether a repository path is server-only code (a shared server folder, a service, the infra). */
export function isServerPath(path) {
  return SERVER_PATH.test(path);
}

/** Shared modules the SPA imports; they must stay free of server code (one contract for both sides: docs/architecture.md#32-zod-at-every-edge). */
const BROWSER_SAFE_SHARED =
  /^shared\/src\/((contracts|paging|rules)\/.+|(money|sizes|errors|actor|clock|demo|api-client|index)\.ts)$/;

/** Vitest files of the SPA run in Node and never reach a bundle (share-early.test.ts reads a file). */
const WEB_TEST = /^web\/src\/(test\/|.*\.test\.[jt]sx?$)/;

/** Files that end up in a browser bundle: the SPA and the shared modules it may import. */
export function isBrowserCode(path) {
  return (path.startsWith('web/src/') && !WEB_TEST.test(path)) || BROWSER_SAFE_SHARED.test(path);
}

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;

/** Parsed imports per file, reused until the file changes (an editor keeps one ESLint process). */
const importsCache = new Map();

/**
 * The static and dynamic imports of a source file: `{ specifier, typeOnly }`. An import is
 * type-only when the whole statement is (`import type`, or every named binding is `type`),
 * as import-x's no-cycle counts it: such an import is erased and pulls no code.
 */
export function importsOf(file) {
  if (!SOURCE.test(file)) return [];
  let mtime;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = importsCache.get(file);
  if (cached && cached.mtime === mtime) return cached.imports;
  const kind = file.endsWith('x')
    ? ts.ScriptKind.TSX
    : file.endsWith('.ts')
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, kind);
  const imports = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named =
        clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : [];
      const typeOnly =
        clause?.isTypeOnly === true ||
        (!clause?.name && named.length > 0 && named.every((element) => element.isTypeOnly));
      imports.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const named =
        node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : [];
      const typeOnly = node.isTypeOnly || (named.length > 0 && named.every((element) => element.isTypeOnly));
      imports.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      imports.push({ specifier: node.arguments[0].text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  importsCache.set(file, { mtime, imports });
  return imports;
}

/**
 * The chain by which loading `file` pulls server-only code, e.g.
 * `['shared/src/contracts/crm.ts', 'shared/src/ids.ts', 'node:crypto']`, or null. Only
 * runtime imports count; packages outside the repository other than the server ones are
 * not followed.
 */
export function serverChain(file, root = REPO_ROOT, seen = new Set()) {
  const path = repoPath(file, root);
  if (path === null || seen.has(file)) return null;
  seen.add(file);
  if (isServerPath(path)) return [path];
  for (const { specifier, typeOnly } of importsOf(file)) {
    if (typeOnly) continue;
    const pkg = serverPackage(specifier);
    if (pkg) return [path, specifier];
    const target = resolveImport(specifier, file, root);
    if (!target) continue;
    const chain = serverChain(target, root, seen);
    if (chain) return [path, ...chain];
  }
  return null;
}
