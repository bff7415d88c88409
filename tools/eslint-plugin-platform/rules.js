import {
  isBrowserCode,
  isServerPath,
  REPO_ROOT,
  repoPath,
  resolveImport,
  serverChain,
  serverPackage,
} from './modules.js';

/** The root the rules judge paths against: `settings.platform.root`, else this repository. */
function rootOf(context) {
  return context.settings?.platform?.root ?? REPO_ROOT;
}

/**
 * Calls `check(node, specifier, typeOnly)` for every import of the file: static imports,
 * re-exports, dynamic `import()` with a literal path and `import('x').T` types.
 */
function eachImport(check) {
  const named = (specifiers, kind) => specifiers.length > 0 && specifiers.every((s) => s[kind] === 'type');
  const literal = (node) =>
    node.type === 'Literal' && typeof node.value === 'string'
      ? node.value
      : node.type === 'TemplateLiteral' && node.expressions.length === 0
        ? node.quasis[0].value.cooked
        : null;
  const visit = (node, source, typeOnly) => {
    const specifier = source ? literal(source) : null;
    if (specifier !== null) check(node, specifier, typeOnly);
  };
  return {
    ImportDeclaration: (node) =>
      visit(node, node.source, node.importKind === 'type' || named(node.specifiers, 'importKind')),
    ExportNamedDeclaration: (node) =>
      visit(node, node.source, node.exportKind === 'type' || named(node.specifiers, 'exportKind')),
    ExportAllDeclaration: (node) => visit(node, node.source, node.exportKind === 'type'),
    ImportExpression: (node) => visit(node, node.source, false),
    TSImportType: (node) => visit(node, node.source ?? node.argument?.literal, true),
  };
}

const FEATURE = /^web\/src\/features\/([^/]+)\/(.*)$/;
/** A feature's public face: its light API, its dashboard sections and its router pages. */
const FEATURE_ENTRY = /^(index|sections|pages)\.tsx?$/;

/**
 * 1b: features never import each other (web/src/app composes them; what several need lives
 * in web/src/lib or web/src/components), and the rest of the code reaches a feature only
 * through its root entry files. A test of a feature is part of it: it may not import another.
 */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'A file under web/src/features/<a>/ must not import anything under web/src/features/<b>/; code outside the features imports a feature only through its index.ts, sections.ts or pages.ts.',
    },
    schema: [],
    messages: {
      crossFeature:
        "features/{{from}} imports features/{{to}} ('{{specifier}}'): features never import each other. Compose them in web/src/app, or move what both need to web/src/lib or web/src/components.",
      internal:
        "'{{specifier}}' reaches inside feature '{{feature}}' ({{target}}): import its index.ts, sections.ts or pages.ts instead.",
    },
  },
  create(context) {
    const root = rootOf(context);
    const from = repoPath(context.physicalFilename, root);
    if (from === null) return {};
    const own = FEATURE.exec(from)?.[1];
    return eachImport((node, specifier) => {
      const resolved = resolveImport(specifier, context.physicalFilename, root);
      const target = resolved && repoPath(resolved, root);
      const match = target && FEATURE.exec(target);
      if (!match || match[1] === own) return;
      if (own) {
        context.report({ node, messageId: 'crossFeature', data: { from: own, to: match[1], specifier } });
      } else if (!FEATURE_ENTRY.test(match[2])) {
        context.report({ node, messageId: 'internal', data: { specifier, feature: match[1], target } });
      }
    });
  },
};

const SERVICE = /^services\/([^/]+)\//;

/** 1c: a service never imports another one; services/registry.ts composes them and is exempt. */
export const noCrossServiceImports = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'A file under services/<a>/ (its tests included) must not import anything under services/<b>/, by path or package name.',
    },
    schema: [],
    messages: {
      crossService:
        "services/{{from}} imports services/{{to}} ('{{specifier}}'): services meet only through @sneakers/shared and @sneakers/events.",
    },
  },
  create(context) {
    const root = rootOf(context);
    const own = SERVICE.exec(repoPath(context.physicalFilename, root) ?? '')?.[1];
    if (!own) return {};
    return eachImport((node, specifier) => {
      const resolved = resolveImport(specifier, context.physicalFilename, root);
      const other = resolved && SERVICE.exec(repoPath(resolved, root) ?? '')?.[1];
      if (other && other !== own) {
        context.report({ node, messageId: 'crossService', data: { from: own, to: other, specifier } });
      }
    });
  },
};

/**
 * 1d: browser code (web/src and the browser-safe shared modules) imports no server-only
 * module, directly or through what it imports. A type-only import is still refused when it
 * names a server module directly (it couples the SPA to the server's shape) but pulls
 * nothing, so it is not followed.
 */
export const browserSafeImports = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'web/src and browser-safe shared modules must not import node:*, AWS, ElectroDB, Middy, Powertools or server-only shared folders, directly or transitively.',
    },
    schema: [],
    messages: {
      server: "'{{specifier}}' is server-only code: browser code must not import it.",
      pulls: "'{{specifier}}' pulls server-only code into the browser: {{chain}}.",
    },
  },
  create(context) {
    const root = rootOf(context);
    const from = repoPath(context.physicalFilename, root);
    if (from === null || !isBrowserCode(from)) return {};
    return eachImport((node, specifier, typeOnly) => {
      if (serverPackage(specifier)) {
        context.report({ node, messageId: 'server', data: { specifier } });
        return;
      }
      const resolved = resolveImport(specifier, context.physicalFilename, root);
      const target = resolved && repoPath(resolved, root);
      if (!target) return;
      if (isServerPath(target)) {
        context.report({ node, messageId: 'server', data: { specifier } });
        return;
      }
      // Browser code is checked where it is linted; follow only what is not.
      if (typeOnly || isBrowserCode(target)) return;
      const chain = serverChain(resolved, root);
      if (chain) context.report({ node, messageId: 'pulls', data: { specifier, chain: chain.join(' → ') } });
    });
  },
};

export const rules = {
  'feature-boundaries': featureBoundaries,
  'no-cross-service-imports': noCrossServiceImports,
  'browser-safe-imports': browserSafeImports,
};
