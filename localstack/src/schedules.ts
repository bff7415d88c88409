import { SCHEDULE_DETAIL_TYPE } from '@sneakers/shared/runtime/lambda-handler';
import type { LoadedService } from './lambda';

/**
 * The local stand-in for the services' scheduled EventBridge rules (FunctionDefinition
 * `schedules`): each runs on a timer from its `rate(...)` expression and reaches the
 * service's handler as the same event the rule sends in AWS, so the handler's dispatch is
 * exercised too. Cron expressions are not run locally (a clock-exact schedule helps no one
 * on a laptop). Set LOCAL_SCHEDULES=off to run none (tests that must not see a scheduled
 * write meanwhile).
 */

const UNIT_MS: Record<string, number> = {
  minute: 60_000,
  minutes: 60_000,
  hour: 3_600_000,
  hours: 3_600_000,
  day: 86_400_000,
  days: 86_400_000,
};

/** setTimeout's longest delay (about 24.8 days); a longer period would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The period of a `rate(N unit)` expression in ms; undefined for anything else (cron included). */
export function ratePeriodMs(expression: string): number | undefined {
  const match = /^rate\(\s*(\d+)\s+(minutes?|hours?|days?)\s*\)$/i.exec(expression.trim());
  if (!match?.[1] || !match[2]) return undefined;
  const n = Number(match[1]);
  const unit = UNIT_MS[match[2].toLowerCase()];
  return n > 0 && unit ? n * unit : undefined;
}

/** The event a scheduled rule sends (infra/src/stacks/events-stack.ts). */
export function scheduleEvent(scheduleId: string) {
  return {
    version: '0',
    id: `local-schedule-${scheduleId}-${Date.now()}`,
    'detail-type': SCHEDULE_DETAIL_TYPE,
    source: 'sneakers.scheduler',
    account: '000000000000',
    time: new Date().toISOString(),
    region: 'local',
    resources: [],
    detail: { schedule: scheduleId },
  };
}

/** Runs one service's schedule once, now (e.g. from a CLI); rejects with the run's error. */
export async function runScheduleNow(service: LoadedService, scheduleId: string): Promise<void> {
  if (!service.manifest.definition.schedules?.some((s) => s.id === scheduleId))
    throw new Error(`${service.manifest.definition.name} has no schedule ${scheduleId}`);
  await service.invoke(scheduleEvent(scheduleId));
}

export interface ScheduleRunnerOptions {
  log: (line: string) => void;
  /** LOCAL_SCHEDULES: 'off' runs nothing. */
  enabled?: string | undefined;
}

/**
 * Starts a timer per rate schedule; the first run comes one full period after start (as a
 * new rule in AWS), a run still going when the next is due makes that one skip, and a
 * failure is logged (the next period runs again). `stop()` clears every timer.
 */
export function startSchedules(
  services: Iterable<LoadedService>,
  options: ScheduleRunnerOptions,
): { stop(): void } {
  const { log } = options;
  const enabled = options.enabled ?? process.env.LOCAL_SCHEDULES;
  if (enabled?.toLowerCase() === 'off') {
    log('schedules: off (LOCAL_SCHEDULES=off)');
    return { stop: () => undefined };
  }
  const timers: NodeJS.Timeout[] = [];
  for (const service of services) {
    const name = service.manifest.definition.name;
    for (const schedule of service.manifest.definition.schedules ?? []) {
      const label = `${name}/${schedule.id}`;
      const period = ratePeriodMs(schedule.expression);
      if (period === undefined) {
        log(
          `schedule ${label}: '${schedule.expression}' is not run locally (only rate(...) expressions are)`,
        );
        continue;
      }
      if (period > MAX_TIMER_MS) {
        log(`schedule ${label}: '${schedule.expression}' is too long a period to run locally`);
        continue;
      }
      let running = false;
      const timer = setInterval(() => {
        if (running) {
          log(`schedule ${label}: previous run still going, this one skipped`);
          return;
        }
        running = true;
        const started = Date.now();
        runScheduleNow(service, schedule.id)
          .then(() => log(`schedule ${label}: ran in ${Date.now() - started} ms`))
          .catch((error: unknown) =>
            log(`schedule ${label} failed: ${error instanceof Error ? error.message : String(error)}`),
          )
          .finally(() => {
            running = false;
          });
      }, period);
      // A pending schedule never keeps the process (or a test run) alive on its own.
      timer.unref();
      timers.push(timer);
      log(`schedule ${label}: every ${schedule.expression.replace(/^rate\((.*)\)$/, '$1')}`);
    }
  }
  return {
    stop() {
      for (const timer of timers) clearInterval(timer);
      timers.length = 0;
    },
  };
}
