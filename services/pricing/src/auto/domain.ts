import { isAppError } from '@sneakers/shared/errors';
import { PRICING_AUTO_MARKET_BUDGET_MS } from '@sneakers/shared/rules/pricing';
import { nextRunAfter } from '../strategies/domain';
import { applyRows, runPreview } from '../runs/domain';
import type { StoredRow } from '../runs/ports';
import type { AutoDeps } from './ports';

/** Due strategies read per Query; the sweep reads again until none is due. */
const DUE_PAGE = 25;

/**
 * Whether auto mode applies a row: not one whose product's market data the sweep had no time to
 * refresh and that has none to go by, since its price would come from the no-market fallback
 * (a fixed price, or cost plus margin) only for want of time; the next sweep prices it.
 */
export const autoApplies = (row: StoredRow) =>
  !(row.warnings.includes('market_data_pending') && row.marketRefreshedAt === null);

export interface AutoSweep {
  /** Runs made and applied. */
  ran: { ownerUserId: string; strategyId: string; runId: string; applied: number; skipped: number }[];
  /** Strategies due but not run: their next time set all the same. */
  passed: { ownerUserId: string; strategyId: string; reason: string }[];
}

/**
 * Auto mode (docs/product/pricing-strategies.md#auto-mode): every strategy whose nextRunAt has
 * come is run and every changed row applied (the engine keeps each price within the guard
 * rails), recorded as a run with trigger auto and no user. Each strategy is claimed by moving
 * its nextRunAt on first (conditional on the time read), so overlapping sweeps never run it
 * twice. The demo store's strategies are read-only like the rest of the demo: passed over.
 * The market data refreshes of one sweep share PRICING_AUTO_MARKET_BUDGET_MS: a strategy past
 * it is priced from the data there is, and its pending rows with none are not applied
 * ({@link autoApplies}).
 */
export async function runDueStrategies(
  deps: AutoDeps,
  marketBudgetMs = PRICING_AUTO_MARKET_BUDGET_MS,
): Promise<AutoSweep> {
  const sweep: AutoSweep = { ran: [], passed: [] };
  const marketDeadline = deps.clock.now().getTime() + marketBudgetMs;
  const seen = new Set<string>();
  for (;;) {
    const now = deps.clock.now();
    const due = (await deps.strategies.listDue(now.toISOString(), DUE_PAGE)).filter(
      (s) => !seen.has(`${s.ownerUserId}#${s.id}`),
    );
    if (due.length === 0) return sweep;
    for (const strategy of due) {
      seen.add(`${strategy.ownerUserId}#${strategy.id}`);
      if (strategy.nextRunAt === null) continue;
      const next = nextRunAfter(strategy.schedule, now);
      const claim = await deps.strategies.markRan(strategy, strategy.nextRunAt, now.toISOString(), next);
      if (claim === 'stale') continue;
      const key = { ownerUserId: strategy.ownerUserId, strategyId: strategy.id };
      if (strategy.demo) {
        sweep.passed.push({ ...key, reason: 'demo' });
        continue;
      }
      try {
        const { run, rows } = await runPreview(deps, {
          strategy,
          trigger: 'auto',
          by: null,
          impersonatedBy: null,
          demo: false,
          marketBudgetMs: Math.max(0, marketDeadline - deps.clock.now().getTime()),
        });
        const applied = await applyRows(deps, run, rows, autoApplies, { userId: null, impersonatedBy: null });
        sweep.ran.push({
          ...key,
          runId: run.id,
          applied: applied.run.counts.applied,
          skipped: applied.run.counts.skipped,
        });
      } catch (error) {
        // One strategy's failure (no items left, the marketplace down) never stops the others.
        const reason = isAppError(error) ? error.code : 'error';
        deps.log?.('pricing auto run failed', { ...key, reason, error: String(error) });
        sweep.passed.push({ ...key, reason });
      }
    }
  }
}
