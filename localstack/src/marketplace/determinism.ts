/**
 * What makes the emulator answer the same on every run: a stable hash of a text (prices,
 * eligibility flags) and UTC calendar days (the release calendar's dates).
 */

export const DAY_MS = 86_400_000;

export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  return (h ^ (h >>> 12)) >>> 0;
}

export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function todayMs(today?: string): number {
  const ms = today ? Date.parse(`${today}T00:00:00Z`) : Date.now();
  return Math.floor(ms / DAY_MS) * DAY_MS;
}
