import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import type { OutboxEntry } from '../model/outbox';

/** Sales made on this device that are not on the server yet, and pairs that turned out sold elsewhere. */
export function OutboxList({
  entries,
  onDiscard,
}: {
  entries: OutboxEntry[];
  onDiscard: (key: string) => void;
}) {
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  return (
    <section
      aria-label={t('storeMode.outbox.title')}
      className="flex flex-col gap-2"
      data-testid="store-mode-outbox"
    >
      <h2 className="text-sm font-semibold">{t('storeMode.outbox.title')}</h2>
      <ul className="flex flex-col gap-2">
        {entries.map((entry) => (
          <li
            key={entry.key}
            className="flex flex-wrap items-center gap-2 rounded-lg border border-neutral-200 p-2 text-sm dark:border-neutral-800"
            data-testid="store-mode-outbox-entry"
            data-state={entry.state}
          >
            <span className="flex-1">
              {entry.label.name} · {t('storeMode.size', { size: entry.label.size })}
            </span>
            <Badge tone={entry.state === 'waiting' ? 'neutral' : 'red'}>
              {t(`storeMode.outbox.${entry.state}`)}
            </Badge>
            {entry.state !== 'waiting' && (
              <>
                <p className="w-full text-xs text-red-700 dark:text-red-400">
                  {entry.state === 'conflict' ? t('storeMode.outbox.conflictHelp') : entry.error?.message}
                </p>
                <Button type="button" size="sm" variant="outline" onClick={() => onDiscard(entry.key)}>
                  {t('storeMode.outbox.dismiss')}
                </Button>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
