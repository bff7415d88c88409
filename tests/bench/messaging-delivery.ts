import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sendMessage, startConversation } from '@sneakers/shared/contracts/messaging';
import { freePorts } from '../../localstack/src/ports';
import { startCloudProcess, stopCloudProcess } from './cloud-process';
import { benchTrader, clientMessageId, messageFrame, settled, subscribedSocket } from './messaging-support';
import { median, percentile, row } from './stats';

const MESSAGES = 200;
const WARMUP = 10;
/**
 * The send rate limit is per sender (services/messaging, MESSAGES_PER_WINDOW in a rolling
 * window): senders take turns so the bench measures delivery, not the limiter's 429s.
 */
const SENDERS = 15;

/**
 * Message delivery from send to the other browser's socket through the local gateways: 200
 * messages to B one after another over the HTTP gateway (from stores taking turns, see
 * SENDERS); each is timed from just before the send request to B's socket receiving its
 * `message` frame (the outbox, the table stream, the bus, the realtime consumer and the
 * management API in between).
 */
export async function benchMessagingDelivery(): Promise<{ medianMs: number; p95Ms: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sneakers-bench-msg-delivery-'));
  const ports = await freePorts();
  const { child, appUrl } = await startCloudProcess(ports, dataDir, ['--web=none', '--fresh']);
  const wsUrl = `ws://127.0.0.1:${ports.ws}`;
  const sockets: { close: () => void }[] = [];
  try {
    console.log(`\n## Message delivery, send to the other browser's socket (n=${MESSAGES})`);
    const b = await benchTrader(appUrl, ports.cognito, 'Bench Reseller B', 'reseller');
    const senders = await Promise.all(
      Array.from({ length: SENDERS }, async (_, i) => {
        const a = await benchTrader(appUrl, ports.cognito, `Bench Store ${i}`);
        const { conversation } = await a.call(startConversation, { body: { partnerUserId: b.userId } });
        return { call: a.call, conversationId: conversation.id };
      }),
    );
    await settled(b);
    const socketOfB = await subscribedSocket(wsUrl, b);
    sockets.push(socketOfB);

    const delivery: number[] = [];
    const send: number[] = [];
    for (let i = 0; i < WARMUP + MESSAGES; i++) {
      const id = clientMessageId();
      const received = socketOfB.waitFor(messageFrame(id));
      const a = senders[i % SENDERS]!;
      const t = performance.now();
      await a.call(sendMessage, {
        params: { conversationId: a.conversationId },
        body: { clientMessageId: id, content: `Bench message ${i}: still have the 42 in stock?` },
      });
      const sent = performance.now();
      const at = await received;
      if (i >= WARMUP) {
        send.push(sent - t);
        delivery.push(at - t);
      }
    }
    row(
      `POST /api/conversations/{id}/messages (n=${MESSAGES})`,
      `median ${median(send).toFixed(2)} ms, p95 ${percentile(send, 95).toFixed(2)} ms`,
    );
    const medianMs = median(delivery);
    const p95Ms = percentile(delivery, 95);
    row(
      `send → B's socket has the message frame (n=${MESSAGES})`,
      `median ${medianMs.toFixed(2)} ms, p95 ${p95Ms.toFixed(2)} ms`,
    );
    return { medianMs, p95Ms };
  } finally {
    for (const s of sockets) s.close();
    await stopCloudProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
