import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Client } from '@sneakers/shared/contracts/crm';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/form';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { useQuickAddClient } from '../api/queries';

const SHOWN = 5;

/**
 * Who buys (docs/product/store-mode.md#selling): one of the store's clients, found by name,
 * email or phone, or added on the spot; else a name, or nobody (a walk-in customer).
 */
export function BuyerPicker({
  clients,
  client,
  onClient,
  buyerName,
  onBuyerName,
}: {
  clients: readonly Client[];
  client: Client | null;
  onClient: (client: Client | null) => void;
  buyerName: string;
  onBuyerName: (name: string) => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState(false);
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return [];
    return clients
      .filter((c) => [c.name, c.email, c.phone].some((v) => v.toLowerCase().includes(q)))
      .slice(0, SHOWN);
  }, [clients, query]);

  if (client)
    return (
      <div
        className="flex items-center justify-between gap-2 rounded-lg border border-neutral-200 p-2 text-sm dark:border-neutral-800"
        data-testid="store-mode-client-chosen"
      >
        <span>{t('storeMode.buyer.chosen', { name: client.name })}</span>
        <Button type="button" size="sm" variant="ghost" onClick={() => onClient(null)}>
          {t('storeMode.buyer.change')}
        </Button>
      </div>
    );

  if (adding)
    return (
      <QuickAdd
        initialName={query}
        onDone={(added) => {
          setAdding(false);
          setQuery('');
          if (added) onClient(added);
        }}
      />
    );

  return (
    <div className="flex flex-col gap-2">
      <Field id="store-mode-client-search" label={t('storeMode.buyer.client')}>
        <Input
          id="store-mode-client-search"
          value={query}
          placeholder={t('storeMode.buyer.searchPlaceholder')}
          onChange={(e) => setQuery(e.target.value)}
          autoComplete="off"
          data-testid="store-mode-client-search"
        />
      </Field>
      {matches.length > 0 && (
        <ul className="flex flex-col gap-1" aria-label={t('storeMode.buyer.matches')}>
          {matches.map((c) => (
            <li key={c.id}>
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="w-full justify-start"
                onClick={() => onClient(c)}
              >
                {c.name} · {c.phone}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="self-start"
        onClick={() => setAdding(true)}
        data-testid="store-mode-add-client"
      >
        {t('storeMode.buyer.add')}
      </Button>
      <Field id="store-mode-buyer" label={t('storeMode.buyer.name')}>
        <Input
          id="store-mode-buyer"
          value={buyerName}
          maxLength={120}
          placeholder={t('storeMode.walkIn')}
          onChange={(e) => onBuyerName(e.target.value)}
        />
      </Field>
    </div>
  );
}

function QuickAdd({ initialName, onDone }: { initialName: string; onDone: (client: Client | null) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useQuickAddClient();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    add.mutate(
      { name: name.trim(), email: email.trim(), phone: phone.trim() },
      {
        onSuccess: (client) => onDone(client),
        onError: (e) => {
          if (isDemoRefusal(e)) return;
          setError(e instanceof Error ? e.message : t('storeMode.buyer.addFailed'));
          toast.error(t('storeMode.buyer.addFailed'));
        },
      },
    );
  };
  return (
    <form
      className="flex flex-col gap-2 rounded-lg border border-neutral-200 p-3 dark:border-neutral-800"
      onSubmit={submit}
      aria-label={t('storeMode.buyer.add')}
      data-testid="store-mode-quick-add"
    >
      <Field id="store-mode-new-name" label={t('storeMode.buyer.newName')}>
        <Input
          id="store-mode-new-name"
          value={name}
          maxLength={120}
          required
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <Field id="store-mode-new-email" label={t('storeMode.buyer.newEmail')}>
        <Input
          id="store-mode-new-email"
          type="email"
          value={email}
          required
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <Field id="store-mode-new-phone" label={t('storeMode.buyer.newPhone')}>
        <Input
          id="store-mode-new-phone"
          type="tel"
          value={phone}
          maxLength={40}
          required
          onChange={(e) => setPhone(e.target.value)}
        />
      </Field>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={add.isPending} data-testid="store-mode-quick-add-save">
          {t('storeMode.buyer.save')}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => onDone(null)}>
          {t('storeMode.buyer.cancel')}
        </Button>
      </div>
    </form>
  );
}
