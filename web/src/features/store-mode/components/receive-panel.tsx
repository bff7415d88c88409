import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { gtinKey } from '@sneakers/shared/rules/gtin';
import { variantSizeLabel } from '@sneakers/shared/rules/variant-size';
import type { Currency } from '@sneakers/shared/money';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/form';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useCatalogueBarcode, useReceivePair } from '../api/queries';
import { todayUtc } from '../model/day-summary';
import { MoneyInput } from './money-input';
import { ScanBar } from './scan-bar';

/**
 * Receiving stock (docs/product/store-mode.md#receiving-stock): scan a box, the catalogue
 * names the product and size, type the purchase price and the source, add; then the next box.
 */
export function ReceivePanel({
  userId,
  currency,
  initialCode,
}: {
  userId: string;
  currency: Currency;
  initialCode: string | null;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState<string | null>(initialCode);
  const [purchasePrice, setPurchasePrice] = useState(0);
  const [askingPrice, setAskingPrice] = useState(0);
  const [source, setSource] = useState('');
  const [received, setReceived] = useState<string[]>([]);
  const gtin = code ? gtinKey(code) : null;
  const found = useCatalogueBarcode(gtin);
  const receive = useReceivePair(userId);
  const product = found.data;

  const add = () => {
    if (!product) return;
    const size = variantSizeLabel(product.variant);
    receive.mutate(
      {
        idempotencyKey: newIdempotencyKey(),
        body: {
          listType: 'inventory',
          sku: product.product.sku,
          name: product.product.name,
          brand: product.product.brand,
          colorway: product.product.colorway,
          imageUrl: product.product.imageUrl,
          productCatalogId: product.product.id,
          productVariantId: product.variant.id,
          sizes: [size],
          purchasePrice,
          askingPrice: askingPrice > 0 ? askingPrice : undefined,
          currency,
          source: source.trim() || undefined,
          purchaseDate: todayUtc(),
        },
      },
      {
        onSuccess: () => {
          setReceived((list) => [`${product.product.name} · ${size}`, ...list]);
          setCode(null);
          toast.success(t('storeMode.receive.added', { name: product.product.name, size }));
        },
        onError: (error) => isDemoRefusal(error) || toast.error(t('storeMode.receive.failed')),
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <ScanBar onCode={setCode} label={t('storeMode.scan.receiveLabel')} />
      {code && !gtin && (
        <p className="text-sm text-red-700 dark:text-red-400">{t('storeMode.receive.notBarcode')}</p>
      )}
      {gtin && found.isLoading && <p className="text-sm">{t('storeMode.unknown.looking')}</p>}
      {gtin && found.isError && (
        <p className="text-sm text-red-700 dark:text-red-400">{t('storeMode.receive.lookupFailed')}</p>
      )}
      {gtin && found.data === null && (
        <p className="text-sm" data-testid="store-mode-receive-unknown">
          {t('storeMode.unknown.notFound', { code })}
        </p>
      )}
      {product && (
        <form
          className="flex flex-col gap-3 rounded-lg border border-neutral-200 p-3 dark:border-neutral-800"
          onSubmit={(e) => {
            e.preventDefault();
            add();
          }}
          data-testid="store-mode-receive-form"
        >
          <p className="font-medium">
            {product.product.name} · {t('storeMode.size', { size: variantSizeLabel(product.variant) })}
          </p>
          <div className="flex flex-wrap gap-3">
            <Field id="store-mode-purchase" label={t('storeMode.receive.purchasePrice')}>
              <MoneyInput
                cents={purchasePrice}
                onChange={setPurchasePrice}
                label={t('storeMode.receive.purchasePrice')}
                testId="store-mode-purchase"
              />
            </Field>
            <Field id="store-mode-asking" label={t('storeMode.receive.askingPrice')}>
              <MoneyInput
                cents={askingPrice}
                onChange={setAskingPrice}
                label={t('storeMode.receive.askingPrice')}
              />
            </Field>
            <Field id="store-mode-source" label={t('storeMode.receive.source')}>
              <Input
                id="store-mode-source"
                value={source}
                maxLength={100}
                onChange={(e) => setSource(e.target.value)}
              />
            </Field>
          </div>
          <Button type="submit" disabled={receive.isPending} data-testid="store-mode-receive-add">
            {t('storeMode.receive.add')}
          </Button>
        </form>
      )}
      {received.length > 0 && (
        <section aria-label={t('storeMode.receive.received')} className="text-sm">
          <h2 className="font-semibold">{t('storeMode.receive.received')}</h2>
          <ul className="list-disc pl-5">
            {received.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
