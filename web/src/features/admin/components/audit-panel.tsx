import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@sneakers/shared';
import { PagedList } from '../../../components/paged-list';
import { Badge } from '../../../components/ui/badge';
import { Field, Select } from '../../../components/ui/form';
import { pageItems } from '../../../lib/page-items';
import { useAuditLog } from '../api/queries';
import { personLabel, readableJson } from '../model/audit';
import { adminErrorText } from '../model/errors';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

const isAction = (value: string): value is AuditAction => AUDIT_ACTIONS.some((action) => action === value);

/** The append-only audit log, newest first, filtered by action and by who made the change. */
export function AuditPanel() {
  const { t } = useTranslation();
  const [action, setAction] = useState<AuditAction | ''>('');
  const [actorText, setActorText] = useState('');
  const actor = useDebouncedValue(actorText.trim());
  const query = useAuditLog({ action, actor });
  const entries = useMemo(() => pageItems(query.data, (page) => page.entries), [query.data]);
  const filtered = action !== '' || actor !== '';

  return (
    <section aria-labelledby="admin-audit-title" className="flex min-w-0 flex-col gap-3">
      <h2 id="admin-audit-title" className="text-lg font-semibold">
        {t('admin.audit.title')}
      </h2>
      <PagedList
        query={query}
        items={entries}
        getKey={(entry) => entry.id}
        label={t('admin.audit.title')}
        testId="admin-audit"
        rowTestId="admin-audit-row"
        errorText={adminErrorText(query.error, t, t('admin.audit.loadError'))}
        empty={filtered ? t('admin.audit.noMatch') : t('admin.audit.empty')}
        search={{ value: actorText, onChange: setActorText, label: t('admin.audit.actor') }}
        toolbar={
          <Field
            id="admin-audit-action"
            label={t('admin.audit.action')}
            className="min-w-48 flex-1 sm:flex-none"
          >
            <Select
              id="admin-audit-action"
              data-testid="admin-audit-action"
              value={action}
              onChange={(e) => setAction(isAction(e.target.value) ? e.target.value : '')}
            >
              <option value="">{t('admin.audit.allActions')}</option>
              {AUDIT_ACTIONS.map((value) => (
                <option key={value} value={value}>
                  {t(`admin.audit.actions.${value}`)}
                </option>
              ))}
            </Select>
          </Field>
        }
        renderItem={(entry) => <AuditRow entry={entry} />}
      />
    </section>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation();
  const before = readableJson(entry.before);
  const after = readableJson(entry.after);
  const at = Date.parse(entry.at);
  const unknown = t('admin.audit.unknownUser');
  // 'beta-tools for Kicks Corner (ana@kicks.example)'; an impersonation names its target alone.
  const subjectUser = entry.subjectUser && personLabel(entry.subjectUser, unknown);
  const subject =
    subjectUser && entry.subjectName
      ? `${entry.subjectName} ${t('admin.audit.forUser', { user: subjectUser })}`
      : (subjectUser ?? entry.subjectName ?? entry.subject);
  return (
    <div className="flex min-w-0 flex-col gap-2 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Badge tone="blue" data-testid="admin-audit-action-label">
          {t(`admin.audit.actions.${entry.action}`)}
        </Badge>
        <span className="min-w-0 font-medium break-all">{subject}</span>
        <time dateTime={entry.at} className="text-xs text-neutral-500 dark:text-neutral-400">
          {Number.isNaN(at) ? entry.at : new Date(at).toLocaleString(i18n.language)}
        </time>
      </div>
      <p data-testid="admin-audit-by" className="min-w-0 break-all text-neutral-700 dark:text-neutral-300">
        <span title={entry.actor.userId}>
          {t('admin.audit.by', { actor: personLabel(entry.actor, unknown) })}
        </span>
        {entry.impersonated ? (
          <>
            {/* A real space: the badge's margin alone reads "…localas …" to copy and screen readers. */}{' '}
            <Badge
              tone="orange"
              data-testid="admin-audit-as"
              className="ml-1"
              title={entry.impersonated.userId}
            >
              {t('admin.audit.as', { user: personLabel(entry.impersonated, unknown) })}
            </Badge>
          </>
        ) : null}
      </p>
      {before !== null || after !== null ? (
        <details className="min-w-0 rounded-md bg-neutral-50 p-2 dark:bg-neutral-950">
          <summary className="cursor-pointer text-xs font-medium text-neutral-700 dark:text-neutral-300">
            {t('admin.audit.changes')}
          </summary>
          <div className="mt-2 grid min-w-0 gap-2 md:grid-cols-2">
            <JsonBlock label={t('admin.audit.before')} json={before} />
            <JsonBlock label={t('admin.audit.after')} json={after} />
          </div>
        </details>
      ) : null}
    </div>
  );
}

function JsonBlock({ label, json }: { label: string; json: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0">
      <p className="text-xs font-semibold text-neutral-500 dark:text-neutral-400">{label}</p>
      {json === null ? (
        <p className="text-xs text-neutral-500 italic dark:text-neutral-400">{t('admin.audit.none')}</p>
      ) : (
        // Wrapped, never scrolled sideways: long values must fit a phone.
        <pre className="min-w-0 font-mono text-xs break-all whitespace-pre-wrap">{json}</pre>
      )}
    </div>
  );
}
