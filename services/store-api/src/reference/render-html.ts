/**
 * The API reference page (`/api-reference`) as static HTML, rendered from the OpenAPI document
 * by `npm run openapi` into web/public/api-reference.html: no JavaScript renderer at all, so the
 * page weighs a few kilobytes and no SPA bundle moves (docs/adr/0024-openapi-and-the-reference-page.md).
 * Pure: document in, HTML out.
 */

type Json = Record<string, unknown>;

const escape = (text: unknown) =>
  String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The document's few inline marks: `code`, and paragraphs split on blank lines. */
const inline = (text: unknown) => escape(text).replace(/`([^`]+)`/g, '<code>$1</code>');
const paragraphs = (text: unknown) =>
  String(text ?? '')
    .split(/\n\n+/)
    .map((p) => `<p>${inline(p)}</p>`)
    .join('');

const anchorOf = (operationId: unknown) => `op-${String(operationId).replace(/[^a-zA-Z0-9]+/g, '-')}`;

/** A JSON Schema's type in a few words: `integer ≥ 0`, `string | null`, `array of string`. */
export function typeOf(schema: Json | undefined): string {
  if (!schema) return 'any';
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Json[]).map(typeOf).join(' | ');
  if (Array.isArray(schema.enum))
    return `one of ${(schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [String(schema.type ?? 'object')];
  const words = types.map((t) =>
    t === 'array' ? `array of ${typeOf(schema.items as Json | undefined)}` : t,
  );
  const bounds: string[] = [];
  if (schema.minimum !== undefined) bounds.push(`≥ ${String(schema.minimum)}`);
  if (schema.maximum !== undefined) bounds.push(`≤ ${String(schema.maximum)}`);
  if (schema.minLength !== undefined)
    bounds.push(`${String(schema.minLength)}–${String(schema.maxLength ?? '∞')} chars`);
  else if (schema.maxLength !== undefined) bounds.push(`≤ ${String(schema.maxLength)} chars`);
  if (schema.format !== undefined) bounds.push(String(schema.format));
  return [words.join(' | '), ...bounds].join(', ');
}

/** Every field of an object schema, nested ones as dotted paths (`items[].price`). */
export function fieldsOf(
  schema: Json | undefined,
  prefix = '',
): { name: string; type: string; required: boolean }[] {
  if (!schema) return [];
  const object = Array.isArray(schema.anyOf)
    ? (schema.anyOf as Json[]).find((s) => s.type === 'object' || s.type === 'array')
    : schema;
  if (!object) return [];
  if (object.type === 'array') return fieldsOf(object.items as Json | undefined, `${prefix}[]`);
  const properties = (object.properties ?? {}) as Record<string, Json>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).flatMap(([key, property]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    return [
      { name, type: typeOf(property), required: required.has(key) },
      ...fieldsOf(property, name),
    ].filter((f, i) => i === 0 || f.name !== name);
  });
}

const fieldTable = (schema: Json | undefined) => {
  const rows = fieldsOf(schema);
  if (!rows.length) return '<p class="muted">No fields.</p>';
  return `<table><thead><tr><th>Field</th><th>Type</th><th>Required</th></tr></thead><tbody>${rows
    .map(
      (f) =>
        `<tr><td><code>${escape(f.name)}</code></td><td>${escape(f.type)}</td><td>${f.required ? 'yes' : 'no'}</td></tr>`,
    )
    .join('')}</tbody></table>`;
};

const pre = (value: unknown, label: string) =>
  `<figure><figcaption>${escape(label)}</figcaption><pre><code>${escape(
    typeof value === 'string' ? value : JSON.stringify(value, null, 2),
  )}</code></pre></figure>`;

function resolve(document: Json, value: Json): Json {
  const ref = value.$ref;
  if (typeof ref !== 'string') return value;
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, part) => (node as Json | undefined)?.[part], document) as Json;
}

/** The curl an integrator runs for the route's example (the playground shows the same shape). */
function curlOf(method: string, path: string, op: Json, document: Json): string {
  const parameters = ((op.parameters ?? []) as Json[]).map((p) => resolve(document, p));
  let url = path;
  const query: string[] = [];
  for (const p of parameters) {
    if (p.example === undefined) continue;
    if (p.in === 'path') url = url.replace(`{${String(p.name)}}`, encodeURIComponent(String(p.example)));
    if (p.in === 'query') query.push(`${String(p.name)}=${encodeURIComponent(String(p.example))}`);
  }
  const lines = [`curl -X ${method} "https://YOUR-APP${url}${query.length ? `?${query.join('&')}` : ''}"`];
  lines.push('  -H "x-api-key: $STORE_API_KEY"');
  const body = ((op.requestBody as Json | undefined)?.content as Json | undefined)?.['application/json'] as
    Json | undefined;
  if (body) {
    lines.push('  -H "Content-Type: application/json"');
    lines.push('  -H "Idempotency-Key: $(uuidgen)"');
    lines.push(`  -d '${JSON.stringify(body.example ?? {})}'`);
  }
  return lines.join(' \\\n');
}

function operationHtml(document: Json, method: string, path: string, op: Json): string {
  const parameters = ((op.parameters ?? []) as Json[]).map((p) => resolve(document, p));
  const paramRows = parameters
    .map(
      (p) =>
        `<tr><td><code>${escape(p.name)}</code></td><td>${escape(p.in)}</td><td>${escape(
          typeOf(p.schema as Json | undefined),
        )}</td><td>${p.required ? 'yes' : 'no'}</td></tr>`,
    )
    .join('');
  const body = ((op.requestBody as Json | undefined)?.content as Json | undefined)?.['application/json'] as
    Json | undefined;
  const responses = Object.entries((op.responses ?? {}) as Record<string, Json>);
  const success = responses.filter(([status]) => status.startsWith('2'));
  const errors = responses.filter(([status]) => !status.startsWith('2'));
  return `<section class="op" id="${anchorOf(op.operationId)}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>
<p class="summary">${inline(op.summary)}</p>
${paragraphs(op.description)}
<h4>Parameters</h4>
${paramRows ? `<table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Required</th></tr></thead><tbody>${paramRows}</tbody></table>` : '<p class="muted">None besides the <code>x-api-key</code> header.</p>'}
${body ? `<h4>Request body (JSON)</h4>${fieldTable(body.schema as Json)}` : ''}
${success
  .map(([status, response]) => {
    const json = (response.content as Json | undefined)?.['application/json'] as Json | undefined;
    return `<h4>Response ${escape(status)}</h4><p>${inline(response.description)}</p>${fieldTable(json?.schema as Json)}`;
  })
  .join('')}
<h4>Example</h4>
${pre(curlOf(method.toUpperCase(), path, op, document), 'Request')}
${success
  .map(([status, response]) => {
    const json = (response.content as Json | undefined)?.['application/json'] as Json | undefined;
    return json?.example === undefined ? '' : pre(json.example, `Response ${status}`);
  })
  .join('')}
<h4>Errors</h4>
<table><thead><tr><th>Status</th><th>Meaning and codes</th></tr></thead><tbody>${errors
    .map(
      ([status, response]) => `<tr><td>${escape(status)}</td><td>${inline(response.description)}</td></tr>`,
    )
    .join('')}</tbody></table>
</section>`;
}

/** The webhooks the document declares (OpenAPI 3.1 `webhooks`) and how to verify them. */
function webhooksHtml(document: Json): string {
  const hooks = Object.entries((document.webhooks ?? {}) as Record<string, Record<string, Json>>);
  const verification = document['x-webhook-verification'] as
    { description?: string; snippet?: string } | undefined;
  const list = hooks.length
    ? `<table><thead><tr><th>Event</th><th>What it tells</th></tr></thead><tbody>${hooks
        .map(([name, item]) => {
          const op = Object.values(item)[0] as Json | undefined;
          return `<tr><td><code>${escape(name)}</code></td><td>${inline(op?.summary ?? op?.description ?? '')}</td></tr>`;
        })
        .join('')}</tbody></table>`
    : '<p class="muted">Webhooks are set up in Settings; their events are listed here once available.</p>';
  return `<section id="webhooks"><h2>Webhooks</h2>${list}${
    verification
      ? `${paragraphs(verification.description)}${verification.snippet ? pre(verification.snippet, 'Verify a delivery') : ''}`
      : ''
  }</section>`;
}

const STYLE = `:root{color-scheme:light dark;--fg:#111;--bg:#fff;--muted:#666;--line:#ddd;--code:#f4f4f5}
@media (prefers-color-scheme:dark){:root{--fg:#eee;--bg:#111;--muted:#999;--line:#333;--code:#1c1c1f}}
*{box-sizing:border-box}body{margin:0;font:16px/1.55 system-ui,sans-serif;color:var(--fg);background:var(--bg)}
.layout{display:grid;grid-template-columns:16rem 1fr;max-width:72rem;margin:0 auto}
nav{position:sticky;top:0;align-self:start;height:100vh;overflow:auto;padding:1.5rem 1rem;border-right:1px solid var(--line)}
nav ul{list-style:none;padding:0;margin:0}nav li{margin:.35rem 0}nav a{color:inherit;text-decoration:none;font-size:.9rem}
main{padding:1.5rem 2rem;min-width:0}h1{margin-top:0}h3{margin-bottom:.25rem}
code{font:.875em ui-monospace,monospace;background:var(--code);padding:.1em .3em;border-radius:4px}
pre{background:var(--code);padding:1rem;border-radius:6px;overflow:auto}pre code{padding:0;background:none}
figure{margin:1rem 0}figcaption{font-size:.8rem;color:var(--muted)}
table{border-collapse:collapse;width:100%;margin:.5rem 0;font-size:.9rem}th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid var(--line);vertical-align:top}
.method{display:inline-block;min-width:3.5rem;text-align:center;border-radius:4px;padding:.1rem .4rem;font-size:.8rem;color:#fff;background:#2563eb}
.method.post{background:#16a34a}.muted{color:var(--muted)}.op{border-top:1px solid var(--line);padding-top:1rem;margin-top:2rem}
@media (max-width:768px){.layout{display:block}nav{position:static;height:auto;border-right:0;border-bottom:1px solid var(--line)}main{padding:1rem}}`;

/** The whole page: one HTML file, inline CSS, no script. */
export function renderReferenceHtml(document: Json): string {
  const info = document.info as Json;
  const limits = document['x-rate-limits'] as Json | undefined;
  const operations = Object.entries((document.paths ?? {}) as Record<string, Record<string, Json>>).flatMap(
    ([path, item]) => Object.entries(item).map(([method, op]) => ({ method, path, op })),
  );
  const scheme = ((document.components as Json).securitySchemes as Record<string, Json>).apiKey ?? {};
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(info.title)} reference</title>
<meta name="description" content="The store API: routes, fields, examples, limits and errors.">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<div class="layout">
<nav aria-label="Reference">
<ul>
<li><a href="#introduction">Introduction</a></li>
<li><a href="#authentication">Authentication</a></li>
<li><a href="#limits">Limits</a></li>
<li><a href="#errors">Errors</a></li>
${operations.map(({ method, path, op }) => `<li><a href="#${anchorOf(op.operationId)}"><span class="method ${method}">${method.toUpperCase()}</span> ${escape(path)}</a></li>`).join('\n')}
<li><a href="#webhooks">Webhooks</a></li>
<li><a href="/v1/openapi.json">OpenAPI document</a></li>
</ul>
</nav>
<main>
<h1 id="introduction">${escape(info.title)} <small class="muted">v${escape(info.version)}</small></h1>
${paragraphs(info.description)}
<p>The machine-readable document: <a href="/v1/openapi.json"><code>/v1/openapi.json</code></a> (OpenAPI ${escape(document.openapi)}).</p>
<h2 id="authentication">Authentication</h2>
<p>Send the key in the <code>${escape(scheme.name)}</code> header on every call. ${inline(scheme.description)}</p>
<h2 id="limits">Limits</h2>
<p>${inline(limits?.description ?? '')}</p>
<h2 id="errors">Errors</h2>
<p>Every error answers the same JSON shape; <code>code</code> is stable, <code>message</code> is for people.</p>
${pre({ error: { code: 'VALIDATION_FAILED', message: 'Some fields are not valid.', fields: { price: ['Too big'] } } }, 'Error body')}
<h2>Routes</h2>
${operations.map(({ method, path, op }) => operationHtml(document, method, path, op)).join('\n')}
${webhooksHtml(document)}
</main>
</div>
</body>
</html>
`;
}
