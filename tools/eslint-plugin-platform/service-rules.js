import { importsOf, REPO_ROOT, repoPath, resolveImport } from './modules.js';

/**
 * The rules of the one service shape (docs/adr/0017-one-shape-for-every-domain.md): domain
 * code is pure, and the local cloud and the cross-service suites reach a service only
 * through what it publishes.
 */

function rootOf(context) {
  return context.settings?.platform?.root ?? REPO_ROOT;
}

function eachImport(check) {
  const literal = (node) =>
    node && node.type === 'Literal' && typeof node.value === 'string' ? node.value : null;
  const named = (specifiers, kind) => specifiers.length > 0 && specifiers.every((s) => s[kind] === 'type');
  const visit = (node, source, typeOnly) => {
    const specifier = literal(source);
    if (specifier !== null) check(node, specifier, typeOnly);
  };
  return {
    ImportDeclaration: (node) =>
      visit(node, node.source, node.importKind === 'type' || named(node.specifiers, 'importKind')),
    ExportNamedDeclaration: (node) =>
      visit(node, node.source, node.exportKind === 'type' || named(node.specifiers, 'exportKind')),
    ExportAllDeclaration: (node) => visit(node, node.source, node.exportKind === 'type'),
    ImportExpression: (node) => visit(node, node.source, false),
  };
}

/** Packages that make code an adapter: AWS, the Lambda runtime, Middy, Powertools, ElectroDB. */
const ADAPTER_PACKAGES = [
  /^aws-lambda$/,
  /^@aws-sdk\//,
  /^electrodb$/,
  /^@middy\//,
  /^@aws-lambda-powertools\//,
];
const adapterPackage = (specifier) => ADAPTER_PACKAGES.some((pattern) => pattern.test(specifier));

/** An area's pure files: `src/<area>/domain.ts`, `src/<area>/ports.ts`, `src/<area>/domain/**`. */
const PURE = /^services\/([^/]+)\/src\/([^/]+)\/(domain\.ts|ports\.ts|domain\/.+\.ts)$/;
/** An area's adapters, which a pure file may import for types only. */
const ADAPTER_FILE =
  /^services\/[^/]+\/src\/(functions\/.+|[^/]+\/(repository|deps|routes|consumers)\.ts|[^/]+\/[^/]+-entity\.ts)$/;

/** The chain by which `file`'s runtime imports reach an adapter package, or null. */
function adapterChain(file, root, seen = new Set()) {
  const path = repoPath(file, root);
  if (path === null || seen.has(file)) return null;
  seen.add(file);
  for (const { specifier, typeOnly } of importsOf(file)) {
    if (typeOnly) continue;
    if (adapterPackage(specifier)) return [path, specifier];
    const target = resolveImport(specifier, file, root);
    if (!target) continue;
    const chain = adapterChain(target, root, seen);
    if (chain) return [path, ...chain];
  }
  return null;
}

export const domainPurity = {
  meta: {
    type: 'problem',
    docs: {
      description:
        "An area's domain.ts and ports.ts import no AWS SDK, Lambda types, Middy, Powertools or ElectroDB, directly or through what they import, and no adapter of their service except for its types.",
    },
    schema: [],
    messages: {
      adapterPackage: "'{{specifier}}' is an adapter package: domain code takes ports instead.",
      adapterFile: "'{{specifier}}' is an adapter ({{target}}): domain code may import only its types.",
      pulls: "'{{specifier}}' pulls adapter code into the domain: {{chain}}.",
    },
  },
  create(context) {
    const root = rootOf(context);
    const from = repoPath(context.physicalFilename, root);
    if (from === null || !PURE.test(from)) return {};
    return eachImport((node, specifier, typeOnly) => {
      if (adapterPackage(specifier)) {
        context.report({ node, messageId: 'adapterPackage', data: { specifier } });
        return;
      }
      if (typeOnly) return;
      const resolved = resolveImport(specifier, context.physicalFilename, root);
      const target = resolved && repoPath(resolved, root);
      if (!target) return;
      if (ADAPTER_FILE.test(target)) {
        context.report({ node, messageId: 'adapterFile', data: { specifier, target } });
        return;
      }
      const chain = adapterChain(resolved, root);
      if (chain) context.report({ node, messageId: 'pulls', data: { specifier, chain: chain.join(' → ') } });
    });
  },
};

const SERVICE_FILE = /^services\/([^/]+)\/(.+)$/;
/** What a service publishes to the local cloud and the cross-service suites. */
const PUBLISHED = /^services\/(registry\.ts|[^/]+\/src\/published\.ts)$/;

export const servicePublishedEntry = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'localstack/, tests/ and infra/ reach a service only through services/registry.ts or its src/published.ts (contracts and events live in shared/ and events/).',
    },
    schema: [],
    messages: {
      internal:
        "'{{specifier}}' reaches inside services/{{service}} ({{target}}): use services/registry.ts, its routes, or services/{{service}}/src/published.ts.",
    },
  },
  create(context) {
    const root = rootOf(context);
    const from = repoPath(context.physicalFilename, root);
    if (from === null || !/^(localstack|tests|infra)\//.test(from)) return {};
    return eachImport((node, specifier) => {
      const resolved = resolveImport(specifier, context.physicalFilename, root);
      const target = resolved && repoPath(resolved, root);
      const match = target && SERVICE_FILE.exec(target);
      if (!match || PUBLISHED.test(target)) return;
      context.report({ node, messageId: 'internal', data: { specifier, service: match[1], target } });
    });
  },
};

export const serviceRules = {
  'domain-purity': domainPurity,
  'service-published-entry': servicePublishedEntry,
};
