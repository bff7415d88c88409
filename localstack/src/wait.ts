/**
 * How long a child process (DynamoDB Local, cognito-local) may take to answer after it is
 * spawned: a hang guard, not a speed limit. Alone each answers within about 3 s; npm test
 * starts four local clouds at once beside the browser journeys on 2 cores, where a CI run lost
 * a whole integration shard before its first test, and 30 s was the likeliest limit it met.
 */
export const READY_TIMEOUT_MS = 180_000;

/** Polls `check` until it resolves truthy or the deadline passes. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 30_000,
  intervalMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch (e) {
      lastError = e;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(
    `${what} did not become ready within ${timeoutMs} ms${lastError ? `: ${String(lastError)}` : ''}`,
  );
}

export async function httpOk(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await res.arrayBuffer();
    return res.status < 500;
  } catch {
    return false;
  }
}
