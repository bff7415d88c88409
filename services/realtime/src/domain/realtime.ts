import type * as z from 'zod/mini';
import { clientFrameSchema, type RealtimeTopic, type ServerFrame } from '@sneakers/shared/contracts/realtime';
import type { Clock } from '@sneakers/shared/clock';
import type { EventDetail, settingsChanged } from '@sneakers/events';

/** API Gateway closes WebSocket connections after 2 hours. */
export const CONNECTION_TTL_SECONDS = 2 * 3600;
export const PUBLIC_TOPIC: RealtimeTopic = 'settings';

export interface ConnectionRepository {
  add(connection: { connectionId: string; topic: string; connectedAt: string; ttl: number }): Promise<void>;
  remove(connectionId: string): Promise<void>;
  byTopic(topic: string, nowSeconds: number): AsyncIterable<string[]>;
}

export interface ConnectionPusher {
  post(connectionId: string, data: string): Promise<'sent' | 'gone'>;
}

export interface RealtimeDeps {
  connections: ConnectionRepository;
  pusher: ConnectionPusher;
  clock: Clock;
}

export async function connect(deps: RealtimeDeps, connectionId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.connections.add({
    connectionId,
    topic: PUBLIC_TOPIC,
    connectedAt: now.toISOString(),
    ttl: Math.floor(now.getTime() / 1000) + CONNECTION_TTL_SECONDS,
  });
}

export function disconnect(deps: RealtimeDeps, connectionId: string): Promise<void> {
  return deps.connections.remove(connectionId);
}

/** Client frames: only `ping` today. Unknown frames are rejected without closing. */
export function parseClientFrame(body: string | undefined) {
  try {
    return clientFrameSchema.safeParse(JSON.parse(body ?? '')).success;
  } catch {
    return false;
  }
}

export async function broadcast(
  deps: RealtimeDeps,
  topic: RealtimeTopic,
  frame: ServerFrame,
): Promise<{ sent: number; gone: number }> {
  const data = JSON.stringify(frame);
  const nowSeconds = Math.floor(deps.clock.now().getTime() / 1000);
  let sent = 0;
  let gone = 0;
  for await (const page of deps.connections.byTopic(topic, nowSeconds)) {
    const results = await Promise.all(
      page.map(async (id) => [id, await deps.pusher.post(id, data)] as const),
    );
    for (const [id, result] of results) {
      if (result === 'sent') sent++;
      else {
        gone++;
        await deps.connections.remove(id);
      }
    }
  }
  return { sent, gone };
}

const SETTINGS_QUERY_KEYS = { comingSoon: 'settings.comingSoon', signup: 'settings.signup' } as const;

export type SettingsChangedDetail = EventDetail<z.output<typeof settingsChanged.data>>;

/** Settings.Changed (already parsed by its consumer) → tell every open browser to refetch that setting. */
export async function onSettingsChanged(deps: RealtimeDeps, detail: SettingsChangedDetail) {
  return broadcast(deps, 'settings', {
    type: 'invalidate',
    topic: 'settings',
    keys: [SETTINGS_QUERY_KEYS[detail.data.setting]],
  });
}
