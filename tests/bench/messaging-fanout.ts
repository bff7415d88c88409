import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sendMessage, startConversation } from '@sneakers/shared/contracts/messaging';
import { freePorts } from '../../localstack/src/ports';
import { startCloudProcess, stopCloudProcess } from './cloud-process';
import {
  benchTrader,
  clientMessageId,
  messageFrame,
  settled,
  subscribedSocket,
  type BenchSocket,
} from './messaging-support';
import { median, row } from './stats';

const SOCKETS = 200;
const ROUNDS = 5;
/** Subscribed at once: each needs a ticket over HTTPS and a $connect. */
const CONNECT_BATCH = 20;

/**
 * 200 concurrent sockets each receiving one push: 200 open sockets (tabs) of the recipient,
 * one message sent; timed from just before the send request until the last socket has the
 * frame (the realtime consumer posts one frame per connection through the management API).
 * Five rounds on the same sockets, each after the previous round's frames are out.
 */
export async function benchMessagingFanout(): Promise<{ allMs: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sneakers-bench-msg-fanout-'));
  const ports = await freePorts();
  const { child, appUrl } = await startCloudProcess(ports, dataDir, ['--web=none', '--fresh']);
  const wsUrl = `ws://127.0.0.1:${ports.ws}`;
  const sockets: BenchSocket[] = [];
  try {
    console.log(`\n## ${SOCKETS} concurrent sockets each receiving a push`);
    const [a, b] = await Promise.all([
      benchTrader(appUrl, ports.cognito, 'Bench Store A'),
      benchTrader(appUrl, ports.cognito, 'Bench Reseller B', 'reseller'),
    ]);
    const { conversation } = await a.call(startConversation, { body: { partnerUserId: b.userId } });
    await settled(a);
    const connectStart = performance.now();
    for (let i = 0; i < SOCKETS; i += CONNECT_BATCH)
      sockets.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(CONNECT_BATCH, SOCKETS - i) }, () => subscribedSocket(wsUrl, b)),
        )),
      );
    row(
      `open and subscribe ${SOCKETS} sockets of the recipient`,
      `${((performance.now() - connectStart) / 1000).toFixed(1)} s`,
    );

    const all: number[] = [];
    const first: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Each push also sends an invalidate frame to every socket: let the last round's finish.
      await new Promise((r) => setTimeout(r, 3000));
      const id = clientMessageId();
      const received = sockets.map((s) => s.waitFor(messageFrame(id), 30_000));
      const t = performance.now();
      await a.call(sendMessage, {
        params: { conversationId: conversation.id },
        body: { clientMessageId: id, content: `Fan-out round ${round}` },
      });
      const times = (await Promise.all(received)).map((at) => at - t);
      all.push(Math.max(...times));
      first.push(Math.min(...times));
      row(
        `round ${round + 1}: first / all ${SOCKETS} sockets have the frame`,
        `${Math.min(...times).toFixed(1)} ms / ${Math.max(...times).toFixed(1)} ms`,
      );
    }
    const allMs = median(all);
    row(
      `send → all ${SOCKETS} sockets have the frame (median of ${ROUNDS})`,
      `${allMs.toFixed(1)} ms (first ${median(first).toFixed(1)} ms)`,
    );
    return { allMs };
  } finally {
    for (const s of sockets) s.close();
    await stopCloudProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
