import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { showDemoToast } from '../../../lib/demo/demo-toast';
import { fieldLabel } from '../model/fields';
import { DEMO_FIELDS, DEMO_FILE_NAME, DEMO_ROWS, DEMO_TALLY } from '../model/demo-sample';

/** Try Demo: what a preview looks like; importing is a write, so it shows the demo toast. */
export function DemoPreview() {
  const { t } = useTranslation();
  return (
    <section
      className="flex flex-col gap-4"
      data-testid="migration-demo-preview"
      aria-labelledby="migration-demo-title"
    >
      <div className="flex flex-col gap-1">
        <h2 id="migration-demo-title" className="text-lg font-semibold">
          {t('migration.demo.title')}
        </h2>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('migration.demo.body')}</p>
        <p className="text-sm font-medium">
          {DEMO_FILE_NAME} · {t('migration.kinds.inventory')}
        </p>
      </div>
      <p className="text-sm" data-testid="migration-tally">
        {t('migration.preview.tally', DEMO_TALLY)}
      </p>
      <div className="overflow-x-auto rounded-lg border border-neutral-200 dark:border-neutral-800">
        <table className="min-w-full text-sm">
          <caption className="sr-only">{t('migration.demo.title')}</caption>
          <thead className="bg-neutral-50 text-left dark:bg-neutral-900">
            <tr>
              <th scope="col" className="px-2 py-1">
                {t('migration.preview.row')}
              </th>
              {DEMO_FIELDS.map((field) => (
                <th key={field} scope="col" className="px-2 py-1">
                  {fieldLabel(t, field)}
                </th>
              ))}
              <th scope="col" className="px-2 py-1">
                {t('migration.preview.catalog')}
              </th>
            </tr>
          </thead>
          <tbody>
            {DEMO_ROWS.map((row) => (
              <tr
                key={row.row}
                data-testid="migration-row"
                data-status={row.status}
                className="border-t border-neutral-200 align-top dark:border-neutral-800"
              >
                <th scope="row" className="px-2 py-1 text-left font-normal">
                  {row.row + 2}
                </th>
                {DEMO_FIELDS.map((field) => {
                  const errors = Object.hasOwn(row.errors, field) ? (row.errors[field] ?? []) : [];
                  return (
                    <td
                      key={field}
                      className={`px-2 py-1 ${errors.length ? 'text-red-700 dark:text-red-400' : ''}`}
                    >
                      {row.values[field]}
                      {errors.length ? <p className="text-xs">{errors.join(' ')}</p> : null}
                    </td>
                  );
                })}
                <td className="px-2 py-1">
                  <Badge tone={row.catalog === 'matched' ? 'blue' : 'neutral'}>
                    {row.catalog === 'matched'
                      ? t('migration.preview.matched')
                      : t('migration.preview.notMatched')}
                  </Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Button className="self-start" data-testid="migration-start" onClick={showDemoToast}>
        {t('migration.preview.start', { count: DEMO_TALLY.valid })}
      </Button>
    </section>
  );
}
