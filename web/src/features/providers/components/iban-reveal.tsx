import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Eye, EyeOff } from 'lucide-react';
import { ApiError, type IbanRevealPurpose, type Provider } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/session/use-session';
import { useIbanReveals, useRevealIban } from '../api/queries';

/** A revealed IBAN hides again after this long, so it does not stay on an unattended screen. */
export const IBAN_REVEAL_MS = 60_000;

/** 'ES9121000418450200051332' → 'ES91 2100 0418 4502 0005 1332'. */
export function formatIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * The full IBAN, revealed on purpose (the server records each reveal) and held only in
 * this component's state: never in the query cache, gone on unmount and after IBAN_REVEAL_MS.
 */
export function useRevealedIban(providerId: string) {
  const { t } = useTranslation();
  const mutation = useRevealIban(providerId);
  const [iban, setIban] = useState<string | null>(null);

  useEffect(() => {
    if (iban === null) return;
    const timer = setTimeout(() => setIban(null), IBAN_REVEAL_MS);
    return () => clearTimeout(timer);
  }, [iban]);

  const reveal = async (purpose: IbanRevealPurpose): Promise<string | null> => {
    try {
      const value = await mutation.mutateAsync(purpose);
      setIban(value);
      return value;
    } catch (error) {
      toast.error(t('providers.iban.revealError'), {
        description: error instanceof ApiError ? error.message : undefined,
      });
      return null;
    }
  };
  return { iban, reveal, hide: () => setIban(null), pending: mutation.isPending };
}

/** The detail page's IBAN: masked, with Reveal (and Hide once shown). */
export function IbanValue({ provider }: { provider: Provider }) {
  const { t } = useTranslation();
  const { iban, reveal, hide, pending } = useRevealedIban(provider.id);
  if (!provider.ibanMasked) return <>—</>;
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span data-testid="provider-iban" aria-live="polite" className="font-mono break-all">
        {iban ? formatIban(iban) : provider.ibanMasked}
      </span>
      {iban ? (
        <Button size="sm" variant="outline" data-testid="provider-iban-hide" onClick={hide}>
          <EyeOff aria-hidden="true" className="h-4 w-4" />
          {t('providers.iban.hide')}
        </Button>
      ) : (
        <Button
          size="sm"
          variant="outline"
          data-testid="provider-iban-reveal"
          aria-label={t('providers.iban.revealLabel')}
          disabled={pending}
          onClick={() => void reveal('view')}
        >
          <Eye aria-hidden="true" className="h-4 w-4" />
          {t('providers.iban.reveal')}
        </Button>
      )}
    </span>
  );
}

/** Who revealed the IBAN and when (latest first), loaded when the store opens it. */
export function IbanRevealHistory({ providerId }: { providerId: string }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const [open, setOpen] = useState(false);
  const query = useIbanReveals(providerId, open);
  const me = session.status === 'signed-in' ? [session.userId, session.email] : [];
  const when = (iso: string) => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime())
      ? iso
      : d.toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  };
  return (
    <details
      data-testid="iban-reveal-history"
      onToggle={(e) => setOpen(e.currentTarget.open)}
      className="rounded-xl border border-neutral-200 bg-white p-3 text-sm dark:border-neutral-800 dark:bg-neutral-900"
    >
      <summary className="cursor-pointer font-medium">{t('providers.iban.history.title')}</summary>
      <div className="mt-2">
        {query.isPending && open && <p>{t('common.loading')}</p>}
        {query.isError && (
          <p role="alert" className="text-red-600 dark:text-red-400">
            {t('providers.iban.history.loadError')}
          </p>
        )}
        {query.data?.length === 0 && (
          <p data-testid="iban-reveal-history-empty" className="text-neutral-600 dark:text-neutral-400">
            {t('providers.iban.history.empty')}
          </p>
        )}
        {query.data && query.data.length > 0 && (
          <ul className="flex flex-col gap-1">
            {query.data.map((r) => (
              <li key={r.id} data-testid="iban-reveal-entry" className="break-words">
                {t(`providers.iban.history.${r.purpose}`, {
                  when: when(r.revealedAt),
                  who: me.includes(r.revealedBy) ? t('providers.iban.history.you') : r.revealedBy,
                })}
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}
