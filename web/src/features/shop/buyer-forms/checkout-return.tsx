import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Checkout } from '@sneakers/shared/contracts/storefront';
import { storefrontPath, storefrontProductPath } from '@sneakers/shared/rules/storefront';
import { buttonClass } from '../../../components/ui/button-styles';
import { useCancelCheckout, useCheckout } from '../api/queries';
import { shopPrice } from '../model/money';
import { ShopFrame, ShopLoading, ShopMessage } from '../components/shop-frame';
import { ShopLink } from '../components/shop-nav';

/** After this long still open, the page says the confirmation is slow (it keeps polling). */
export const SLOW_PAYMENT_MS = 30_000;

function Outcome({ storeId, checkout }: { storeId: string; checkout: Checkout }) {
  const { t, i18n } = useTranslation();
  const back = (
    <ShopLink className={buttonClass('outline')} href={storefrontProductPath(storeId, checkout.productId)}>
      {t('shop.checkout.backToProduct')}
    </ShopLink>
  );
  if (checkout.status === 'paid')
    return (
      <ShopMessage
        title={t('shop.checkout.paidTitle')}
        text={t('shop.checkout.paidText', {
          product: checkout.productName,
          size: checkout.size,
          amount: shopPrice(checkout.amount, checkout.currency, i18n.resolvedLanguage),
        })}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            {checkout.orderShareId ? (
              <a className={buttonClass()} href={`/orders/${encodeURIComponent(checkout.orderShareId)}`}>
                {t('shop.checkout.orderLink')}
              </a>
            ) : null}
            <ShopLink className={buttonClass('outline')} href={storefrontPath(storeId)}>
              {t('shop.checkout.backToStore')}
            </ShopLink>
          </div>
        }
      />
    );
  if (checkout.status === 'cancelled')
    return (
      <ShopMessage
        title={t('shop.checkout.cancelledTitle')}
        text={t('shop.checkout.cancelledText')}
        action={back}
      />
    );
  return (
    <ShopMessage
      title={t('shop.checkout.expiredTitle')}
      text={t('shop.checkout.expiredText')}
      action={back}
    />
  );
}

/** `?cancelled=1`: the buyer left the provider's page; the session is expired and the hold released. */
function CancelledReturn({ storeId, checkoutId }: { storeId: string; checkoutId: string }) {
  const { t } = useTranslation();
  const cancel = useCancelCheckout(storeId, checkoutId);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    cancel.mutate();
  }, [cancel]);
  if (cancel.isSuccess) return <Outcome storeId={storeId} checkout={cancel.data} />;
  if (cancel.isError) return <ShopMessage role="alert" text={t('shop.checkout.notFound')} />;
  return <ShopMessage text={t('shop.checkout.cancelling')} />;
}

/** Back from paying: waits for the provider's word (the webhook), then the order's page. */
function PaidReturn({ storeId, checkoutId }: { storeId: string; checkoutId: string }) {
  const { t } = useTranslation();
  const query = useCheckout(storeId, checkoutId, true);
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_PAYMENT_MS);
    return () => clearTimeout(timer);
  }, []);
  if (query.isError) return <ShopMessage role="alert" text={t('shop.checkout.notFound')} />;
  const checkout = query.data;
  if (!checkout) return <ShopLoading />;
  if (checkout.status === 'open')
    return (
      <div aria-live="polite">
        <ShopMessage text={t('shop.checkout.waiting')} />
        {slow ? <p className="text-center text-sm">{t('shop.checkout.slow')}</p> : null}
      </div>
    );
  return (
    <div aria-live="polite">
      <Outcome storeId={storeId} checkout={checkout} />
    </div>
  );
}

/** `/store/{storeId}/checkout/{checkoutId}`: where the provider sends the buyer back. */
export function CheckoutReturn({
  storeId,
  checkoutId,
  cancelled,
}: {
  storeId: string;
  checkoutId: string;
  cancelled: boolean;
}) {
  return (
    <ShopFrame>
      {cancelled ? (
        <CancelledReturn storeId={storeId} checkoutId={checkoutId} />
      ) : (
        <PaidReturn storeId={storeId} checkoutId={checkoutId} />
      )}
    </ShopFrame>
  );
}
