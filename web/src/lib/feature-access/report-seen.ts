import { FLAG_NAME_PATTERN, reportFeaturesSeen, type ApiCall } from '@sneakers/shared';

/**
 * `flags.seen` telemetry for the stale-flag report: which features this page decided.
 * Names are collected as the page decides them and posted together a few seconds after the
 * first decision of a batch (a page decides dozens of features while it renders: one request,
 * not one per decision). Each name is posted at most once per page load; a failure is
 * dropped, not retried: it is telemetry, and the server keeps one mark a day per flag anyway.
 */

/** Long enough for a page's first render (sidebar, gates) to decide everything it shows. */
export const SEEN_REPORT_DELAY_MS = 5_000;
/** The route's limit per request. */
const MAX_PER_REPORT = 100;

export type SendSeen = (features: string[]) => Promise<unknown>;

export interface SeenReporterOptions {
  delayMs?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
}

export interface SeenReporter {
  /** Notes a decided feature; `send` posts a batch (the latest one given is used). */
  note(feature: string, send: SendSeen): void;
}

export function createSeenReporter({
  delayMs = SEEN_REPORT_DELAY_MS,
  setTimer = (run, ms) => setTimeout(run, ms),
}: SeenReporterOptions = {}): SeenReporter {
  /** Posted or waiting: never noted again on this page. */
  const noted = new Set<string>();
  let pending: string[] = [];
  let sender: SendSeen | null = null;
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const batch = pending;
    pending = [];
    const send = sender;
    if (!send) return;
    for (let i = 0; i < batch.length; i += MAX_PER_REPORT)
      send(batch.slice(i, i + MAX_PER_REPORT)).catch(() => undefined);
  };

  return {
    note(feature, send) {
      sender = send;
      // A name the route would refuse (400) would fail the whole batch.
      if (noted.has(feature) || !FLAG_NAME_PATTERN.test(feature)) return;
      noted.add(feature);
      pending.push(feature);
      if (scheduled) return;
      scheduled = true;
      setTimer(flush, delayMs);
    },
  };
}

/** This page load's reporter (a module lives as long as the page). */
export const pageSeenReporter = createSeenReporter();

export function seenSender(api: ApiCall): SendSeen {
  return (features) => api(reportFeaturesSeen, { body: { features } });
}
