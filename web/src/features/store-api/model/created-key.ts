/**
 * The full key this tab created last, in memory only (never storage): the playground prefills it,
 * since the server keeps only the key's hash and cannot show it again
 * (docs/product/store-api.md#api-playground). A reload forgets it, as it should.
 */
let created: string | null = null;

export function rememberCreatedKey(secret: string): void {
  created = secret;
}

export function createdKey(): string | null {
  return created;
}

/** A revoked key is no use to prefill. */
export function forgetCreatedKey(prefix: string): void {
  if (created?.startsWith(prefix)) created = null;
}
