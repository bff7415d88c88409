import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHIPMENT_LINK_KINDS, type ShipmentLink, type ShipmentLinkKind } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, Select } from '../../../components/ui/form';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useLinkCandidates, type LinkCandidate } from '../api/queries';

export interface ItemSelectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Told of the picked record (the dialog stays open: the caller closes it when done). */
  onSelect: (link: ShipmentLink, label: string) => void;
  /** While the caller saves the pick. */
  pending?: boolean;
  title?: string;
}

/**
 * The item selection modal: pick a kind (inventory item, booking, sale, WTB item), then one of
 * the store's records of that kind, found by name, SKU, size or buyer.
 */
export function ItemSelectDialog({ open, onOpenChange, onSelect, pending, title }: ItemSelectDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title ?? t('shipments.select.title')}
      description={t('shipments.select.description')}
      closeLabel={t('common.close')}
      testId="shipment-item-select-dialog"
      className="max-w-xl"
    >
      {open && <ItemSelect onSelect={onSelect} pending={pending} onCancel={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function ItemSelect({
  onSelect,
  pending,
  onCancel,
}: {
  onSelect: (link: ShipmentLink, label: string) => void;
  pending?: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [kind, setKind] = useState<ShipmentLinkKind>('sale');
  const [search, setSearch] = useState('');
  const query = useLinkCandidates(kind);
  const needle = search.trim().toLowerCase();
  const shown = useMemo(
    () => (query.data ?? []).filter((c) => !needle || c.search.includes(needle)),
    [query.data, needle],
  );

  const pick = (c: LinkCandidate) => {
    if (!pending) onSelect({ kind, id: c.id }, c.title);
  };

  let body;
  if (query.isPending) body = <CenteredSpinner label={t('common.loading')} className="min-h-32" />;
  else if (query.isError)
    body = (
      <div
        role="alert"
        data-testid="shipment-item-select-error"
        className="flex flex-col items-center gap-2 p-4 text-sm"
      >
        {t('shipments.select.loadError')}
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('errors.retry')}
        </Button>
      </div>
    );
  else if (shown.length === 0)
    body = (
      <p
        role="status"
        data-testid="shipment-item-select-empty"
        className="p-4 text-center text-sm text-neutral-500"
      >
        {needle ? t('shipments.select.noMatches') : t(`shipments.select.empty.${kind}`)}
      </p>
    );
  else
    body = (
      <ul
        aria-label={t(`shipments.linkKinds.${kind}`)}
        className="flex max-h-72 flex-col gap-1 overflow-y-auto"
      >
        {shown.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              data-testid="shipment-item-option"
              data-id={c.id}
              aria-disabled={pending}
              onClick={() => pick(c)}
              className="flex w-full flex-col items-start rounded-lg border border-neutral-200 px-3 py-2 text-left hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-orange-500 aria-disabled:opacity-50 dark:border-neutral-800 dark:hover:bg-neutral-800"
            >
              <span className="font-medium break-words">{c.title}</span>
              <span className="text-xs break-words text-neutral-500">{c.detail}</span>
            </button>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-kind`} label={t('shipments.select.kind')}>
          <Select
            id={`${id}-kind`}
            data-testid="shipment-item-select-kind"
            value={kind}
            onChange={(e) => {
              const next = SHIPMENT_LINK_KINDS.find((k) => k === e.target.value);
              if (next) setKind(next);
            }}
          >
            {SHIPMENT_LINK_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`shipments.linkKinds.${k}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${id}-search`} label={t('shipments.select.search')}>
          <Input
            id={`${id}-search`}
            type="search"
            data-testid="shipment-item-select-search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            autoComplete="off"
          />
        </Field>
      </div>
      {body}
      <p role="status" className="sr-only">
        {pending ? t('common.loading') : ''}
      </p>
      <div className="flex justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </div>
  );
}
