import { requireUser, type Actor } from '@sneakers/shared/actor';
import { DAC7_THRESHOLDS, type Dac7Counterparty, type Sale } from '@sneakers/shared/contracts/sales';
import { BadRequestError, ValidationError } from '@sneakers/shared/errors';
import type { SaleRecord } from '../sales/sale-entity';
import type { SalePeriod } from '../sales/ports';
import { toSale } from '../sales/sale-record';
import { salesCsv, salesCsvFilename } from './csv';
import { Dac7Summary } from './dac7';
import type { ReportsDeps } from './ports';

/**
 * Sales reports (issue 14): the CSV export and the DAC7 summary, both read from the sales
 * by sale date (gsi1), page by page.
 */
export const EXPORT_MAX_ROWS = 50_000;
/** Rows per Query page (DynamoDB still stops at 1 MB). */
const READ_PAGE = 1000;

/** Visits a period's sales page by page, newest sale date first, until `visit` answers false. */
async function eachPage(
  deps: ReportsDeps,
  storeUserId: string,
  period: SalePeriod,
  visit: (sales: SaleRecord[]) => boolean,
): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await deps.repo.listSales(storeUserId, period, { cursor, limit: READ_PAGE });
    if (!visit(page.items)) return;
    cursor = page.cursor ?? undefined;
  } while (cursor);
}

export async function exportSales(
  deps: ReportsDeps,
  actor: Actor,
  period: { from: string; to: string },
): Promise<{ filename: string; csv: string; rows: number }> {
  const user = requireUser(actor);
  if (period.from > period.to)
    throw new ValidationError('The period is not valid.', { to: ['The end is before the start'] });
  const [store, sales] = await Promise.all([
    deps.repo.getStoreProfile(user.userId),
    (async () => {
      const rows: Sale[] = [];
      await eachPage(deps, user.userId, period, (page) => {
        rows.push(...page.map(toSale));
        return rows.length <= EXPORT_MAX_ROWS;
      });
      return rows;
    })(),
  ]);
  if (sales.length > EXPORT_MAX_ROWS)
    throw new BadRequestError(
      'PERIOD_TOO_LARGE',
      `This period has more than ${EXPORT_MAX_ROWS.toLocaleString('en')} sales. Export a shorter period.`,
    );
  // Read newest first; a tax export reads oldest first.
  sales.reverse();
  return {
    filename: salesCsvFilename(period.from, period.to),
    csv: salesCsv(sales, store?.language ?? 'en'),
    rows: sales.length,
  };
}

export async function salesDac7(
  deps: ReportsDeps,
  actor: Actor,
  year: number,
): Promise<{ year: number; thresholds: typeof DAC7_THRESHOLDS; counterparties: Dac7Counterparty[] }> {
  const user = requireUser(actor);
  const summary = new Dac7Summary();
  await eachPage(deps, user.userId, { from: `${year}-01-01`, to: `${year}-12-31` }, (page) => {
    for (const sale of page) summary.add(sale);
    return true;
  });
  return { year, thresholds: DAC7_THRESHOLDS, counterparties: summary.result() };
}
