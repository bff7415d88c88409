import type { IsolatedAnswer } from './faults';
import { lambdaContext, type LambdaHandler } from './lambda';

/**
 * Local only: one invocation of a function in a process of its own (faults.ts), so a fault
 * switch can kill its runtime. Loads the same entry file CDK bundles, runs its handler on
 * the event the parent sends, answers over IPC and exits.
 */
process.once(
  'message',
  (message: { functionName: string; entry: string; event: unknown; timeoutMs?: number }) => {
    void (async () => {
      let answer: IsolatedAnswer;
      try {
        const mod = (await import(message.entry)) as { handler: LambdaHandler };
        const result = await mod.handler(
          message.event,
          lambdaContext(message.functionName, message.timeoutMs),
        );
        answer = { ok: true, result: result ?? null };
      } catch (error) {
        const e = error instanceof Error ? error : new Error(String(error));
        answer = { ok: false, error: { name: e.name || 'Error', message: e.message } };
      }
      process.send?.(answer, () => process.exit(0));
    })();
  },
);
