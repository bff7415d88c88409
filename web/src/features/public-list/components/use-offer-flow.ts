import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { UserProfile } from '@sneakers/shared';
import {
  EMPTY_CONTACT,
  hasUnsavedInput,
  newOfferForm,
  reachableStep,
  type OfferContact,
  type OfferDraft,
  type OfferForm,
  type Selection,
} from '../model/offer';
import {
  currentOfferStep,
  leaveOfferSteps,
  offerEntryOf,
  pushOfferSteps,
  withOfferEntry,
} from '../model/offer-history';

/** A signed-in viewer's contact prefilled from their profile. */
export function contactFrom(viewer: UserProfile | null): OfferContact {
  if (!viewer) return EMPTY_CONTACT;
  return {
    name: viewer.businessName,
    email: viewer.contactEmail,
    phone: viewer.phone,
    instagram: viewer.instagramHandle ?? '',
    discord: viewer.discord ?? '',
  };
}

export interface OfferFlow {
  open: boolean;
  form: OfferForm | null;
  /** Make offer: a new draft, or the one Back closed, at the step it reached. */
  openOffer: () => void;
  /** A step dot, Next or Back: forward pushes history entries, backward walks back over them. */
  goToStep: (step: number) => void;
  update: (change: (form: OfferForm) => OfferForm) => void;
  /** Close (X, Escape, outside) or sent: the draft is cleared and its history entries left. */
  discard: () => void;
}

/**
 * The offer modal's state, held by the list so the browser's Back can close the modal without
 * losing the draft (docs/product/offers.md#back-and-leaving): each step is a history entry;
 * Back steps back, and from the first step closes the modal with the draft kept for Make
 * offer (or Forward) to reopen. Leaving the page with typed input asks first.
 */
export function useOfferFlow(viewer: UserProfile | null, selections: readonly Selection[]): OfferFlow {
  const prefilled = useMemo(() => contactFrom(viewer), [viewer]);
  const [form, setForm] = useState<OfferForm | null>(null);
  const [open, setOpen] = useState(false);
  const latest = useRef({ form, selections });
  useEffect(() => {
    latest.current = { form, selections };
  });

  const draftOf = (f: OfferForm, s: readonly Selection[]): OfferDraft => ({
    selections: [...s],
    contact: f.contact,
    lines: f.lines,
    message: f.message,
  });

  const openOffer = useCallback(() => {
    const { form: kept, selections: chosen } = latest.current;
    const base = kept ?? newOfferForm(prefilled);
    // The selection may have changed while the modal was closed.
    const step = reachableStep(0, base.step, draftOf(base, chosen));
    pushOfferSteps(base.session, 0, step);
    setForm({ ...base, step });
    setOpen(true);
  }, [prefilled]);

  const goToStep = useCallback((target: number) => {
    const current = latest.current.form;
    if (!current || target === current.step) return;
    if (target > current.step) pushOfferSteps(current.session, current.step + 1, target);
    else if (currentOfferStep(current.session) === current.step) window.history.go(target - current.step);
    setForm({ ...current, step: target });
  }, []);

  const update = useCallback((change: (form: OfferForm) => OfferForm) => {
    setForm((f) => (f ? change(f) : f));
  }, []);

  const discard = useCallback(() => {
    const current = latest.current.form;
    if (current) leaveOfferSteps(current.session);
    setForm(null);
    setOpen(false);
  }, []);

  // Back and Forward between the draft's entries.
  const session = form?.session ?? null;
  useEffect(() => {
    if (session === null) return;
    const onPop = (event: PopStateEvent) => {
      const entry = offerEntryOf(event.state);
      const current = latest.current.form;
      if (!current || entry?.session !== session) {
        // Back from the first step: the list again, the draft kept.
        setOpen(false);
        return;
      }
      const step = reachableStep(current.step, entry.step, draftOf(current, latest.current.selections));
      if (step !== entry.step)
        window.history.replaceState(withOfferEntry(window.history.state, { session, step }), '');
      setForm({ ...current, step });
      setOpen(true);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [session]);

  // Reloading, closing the tab or leaving for another site with typed input asks first.
  const unsaved = form !== null && hasUnsavedInput(form, prefilled);
  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when a value is returned.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);

  return { open, form, openOffer, goToStep, update, discard };
}
