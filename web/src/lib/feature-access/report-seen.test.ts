import { describe, expect, it } from 'vitest';
import { createSeenReporter } from './report-seen';

/** A reporter whose timers run only when the test says. */
function manual() {
  const timers: { run: () => void; ms: number }[] = [];
  const reporter = createSeenReporter({ delayMs: 3000, setTimer: (run, ms) => timers.push({ run, ms }) });
  const sent: string[][] = [];
  const send = (features: string[]) => {
    sent.push(features);
    return Promise.resolve();
  };
  const fire = () => timers.splice(0).forEach((t) => t.run());
  return { reporter, timers, sent, send, fire };
}

describe('flags.seen reporter', () => {
  it('posts the names decided a few seconds after the first decision, once per name', () => {
    const { reporter, timers, sent, send, fire } = manual();
    reporter.note('beta', send);
    reporter.note('beta', send);
    reporter.note('new-sidebar', send);
    expect(timers.map((t) => t.ms)).toEqual([3000]);
    expect(sent).toEqual([]);
    fire();
    expect(sent).toEqual([['beta', 'new-sidebar']]);

    // Decided again on the same page: never posted twice. A new name waits for its own batch.
    reporter.note('beta', send);
    expect(timers).toEqual([]);
    reporter.note('late-one', send);
    fire();
    expect(sent).toEqual([['beta', 'new-sidebar'], ['late-one']]);
  });

  it('skips names the route would refuse, and ignores a failed post', async () => {
    const { reporter, timers } = manual();
    const sent: string[][] = [];
    reporter.note('Not A Flag', () => Promise.resolve());
    expect(timers).toEqual([]);
    reporter.note('beta', (features) => {
      sent.push(features);
      return Promise.reject(new Error('offline'));
    });
    timers.splice(0).forEach((t) => t.run());
    await Promise.resolve();
    expect(sent).toEqual([['beta']]);
    // Not retried: the page's next decision of it posts nothing.
    reporter.note('beta', () => Promise.resolve());
    expect(timers).toEqual([]);
  });

  it('splits more than 100 names into requests the route accepts', () => {
    const { reporter, sent, send, fire } = manual();
    for (let i = 0; i < 150; i++) reporter.note(`f-${i}`, send);
    fire();
    expect(sent.map((batch) => batch.length)).toEqual([100, 50]);
  });
});
