import { useMutation } from '@tanstack/react-query';
// Its own module: only the lazy offer form loads the offers contract, never store.html's paint.
import { createStorefrontOffer, type StorefrontOfferBody } from '@sneakers/shared/contracts/offers';
import { useApi } from '../../../lib/api';

export function useCreateStorefrontOffer() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: StorefrontOfferBody; idempotencyKey: string }) =>
      api(createStorefrontOffer, { body, idempotencyKey }),
  });
}
