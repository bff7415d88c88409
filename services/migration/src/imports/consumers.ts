import { accountDeleted } from '@sneakers/events';
import { consumer, type Consumer } from '@sneakers/shared/runtime/function';
import { importDeps } from './deps';
import { eraseImports } from './domain';

/** The ids name the rules and dead-letter queues, so they stay stable. */
export const importsConsumers: Consumer[] = [
  consumer('erase-imports', accountDeleted, async (detail) => {
    const { done } = await eraseImports(importDeps(), detail.data.userId);
    // Cut short by its time budget: failing makes the event come again, and the retry goes on.
    if (!done) throw new Error('The erasure of the imports continues on the next delivery.');
  }),
];
