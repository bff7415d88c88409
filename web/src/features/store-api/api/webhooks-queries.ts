import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  redeliverWebhook,
  rotateWebhookSecret,
  sendWebhookTestEvent,
  updateWebhookEndpoint,
  type WebhookEventName,
} from '@sneakers/shared/contracts/webhooks';
import { useApi } from '../../../lib/api';
import { storeApiKeys } from './queries';

export const webhookKeys = {
  endpoints: () => [...storeApiKeys.all, 'webhooks'] as const,
  deliveries: (endpointId: string) => [...storeApiKeys.all, 'webhooks', endpointId, 'deliveries'] as const,
};

const DELIVERIES_PAGE = 20;

export function useWebhookEndpoints() {
  const api = useApi();
  return useQuery({
    queryKey: webhookKeys.endpoints(),
    queryFn: async ({ signal }) => (await api(listWebhookEndpoints, { signal })).endpoints,
  });
}

/** How often an open log asks again while a delivery on it is still pending. */
const PENDING_REFRESH_MS = 3_000;

/**
 * Newest first, a page at a time. A delivery is sent after the write that queued it answers, so
 * while the log shows one as pending it refreshes itself until the outcome is in.
 */
export function useWebhookDeliveries(endpointId: string) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: webhookKeys.deliveries(endpointId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api(listWebhookDeliveries, {
        params: { endpointId },
        query: { limit: DELIVERIES_PAGE, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    getNextPageParam: (last) => last.cursor ?? undefined,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.deliveries.some((d) => d.status === 'pending'))
        ? PENDING_REFRESH_MS
        : false,
  });
}

/** Every write refreshes the endpoints, and the one endpoint's log where it adds a delivery. */
export function useWebhookWrites() {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = (endpointId?: string) => {
    void queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints(), exact: true });
    if (endpointId) void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) });
  };
  return {
    create: useMutation({
      mutationFn: (input: {
        url: string;
        events: WebhookEventName[];
        description: string;
        idempotencyKey: string;
      }) =>
        api(createWebhookEndpoint, {
          body: {
            url: input.url,
            events: input.events,
            ...(input.description ? { description: input.description } : {}),
          },
          idempotencyKey: input.idempotencyKey,
        }),
      onSuccess: () => refresh(),
    }),
    setEnabled: useMutation({
      mutationFn: ({ endpointId, enabled }: { endpointId: string; enabled: boolean }) =>
        api(updateWebhookEndpoint, { params: { endpointId }, body: { enabled } }),
      onSuccess: () => refresh(),
    }),
    remove: useMutation({
      mutationFn: (endpointId: string) => api(deleteWebhookEndpoint, { params: { endpointId } }),
      onSuccess: () => refresh(),
    }),
    rotate: useMutation({
      mutationFn: (endpointId: string) => api(rotateWebhookSecret, { params: { endpointId } }),
      onSuccess: () => refresh(),
    }),
    sendTest: useMutation({
      mutationFn: (endpointId: string) => api(sendWebhookTestEvent, { params: { endpointId } }),
      onSuccess: (_answer, endpointId) => refresh(endpointId),
    }),
    redeliver: useMutation({
      mutationFn: ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
        api(redeliverWebhook, { params: { endpointId, deliveryId } }),
      onSuccess: (_answer, { endpointId }) => refresh(endpointId),
    }),
  };
}
