import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@sneakers/shared/api-client';
import { storefrontProductPath } from '@sneakers/shared/rules/storefront';
import { buttonClass } from '../../../components/ui/button-styles';
import { useConfirmNotify, useUnsubscribeNotify } from '../api/queries';
import { ShopError, ShopFrame, ShopMessage } from '../components/shop-frame';
import { ShopLink } from '../components/shop-nav';

function useOnce(run: () => void) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    run();
  });
}

const invalidLink = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/** `/store/notify/confirm?token=`: the link in the confirmation email (double opt-in). */
export function NotifyConfirmPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const confirm = useConfirmNotify();
  useOnce(() => {
    if (token) confirm.mutate(token);
  });
  let body;
  if (!token || (confirm.isError && invalidLink(confirm.error)))
    body = <ShopMessage role="alert" text={t('shop.notify.invalidLink')} />;
  else if (confirm.isError) body = <ShopError onRetry={() => confirm.mutate(token)} />;
  else if (confirm.isSuccess) {
    const answer = confirm.data;
    body = (
      <ShopMessage
        text={t('shop.notify.confirmed', {
          product: answer.productName,
          size: answer.size,
          store: answer.storeName,
        })}
        action={
          <ShopLink
            className={buttonClass('outline')}
            href={storefrontProductPath(answer.storeId, answer.productId)}
          >
            {t('shop.notify.seeProduct')}
          </ShopLink>
        }
      />
    );
  } else body = <ShopMessage text={t('shop.notify.confirming')} />;
  return <ShopFrame>{body}</ShopFrame>;
}

/** `/store/notify/unsubscribe?token=`: one click from any notify-me email. */
export function NotifyUnsubscribePage({ token }: { token: string }) {
  const { t } = useTranslation();
  const unsubscribe = useUnsubscribeNotify();
  useOnce(() => {
    if (token) unsubscribe.mutate(token);
  });
  let body;
  if (!token || (unsubscribe.isError && invalidLink(unsubscribe.error)))
    body = <ShopMessage role="alert" text={t('shop.notify.invalidLink')} />;
  else if (unsubscribe.isError) body = <ShopError onRetry={() => unsubscribe.mutate(token)} />;
  else if (unsubscribe.isSuccess) body = <ShopMessage text={t('shop.notify.unsubscribed')} />;
  else body = <ShopMessage text={t('shop.notify.unsubscribing')} />;
  return <ShopFrame>{body}</ShopFrame>;
}
