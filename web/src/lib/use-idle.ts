import { useEffect, useState } from 'react';

/**
 * False until the browser is idle after `ready` turned true (at most `timeoutMs` later):
 * for work that must not compete with the first paint, such as a secondary request.
 */
export function useIdleAfter(ready: boolean, timeoutMs = 2000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready || idle) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setIdle(true), 50);
    return () => window.clearTimeout(timer);
  }, [ready, idle, timeoutMs]);
  return idle;
}
