import { resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

export function median(values: number[]): number {
  return percentile(values, 50);
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? NaN;
}

export function row(label: string, value: string) {
  console.log(`  ${label.padEnd(58)} ${value}`);
}
