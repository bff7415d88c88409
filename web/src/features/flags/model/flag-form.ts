import {
  createFlagSchema,
  type CreateFlagInput,
  type FeatureFlag,
  type Role,
  type UpdateFlagInput,
} from '@sneakers/shared';
import type { SectionId } from '@sneakers/shared/sections';

/** What the create/edit dialog edits. */
export interface FlagDraft {
  name: string;
  description: string;
  isEnabled: boolean;
  targetUserTypes: Role[];
  rolloutPercentage: number;
  gates: SectionId[];
}

export function emptyFlagDraft(): FlagDraft {
  return {
    name: '',
    description: '',
    isEnabled: false,
    targetUserTypes: ['store', 'reseller'],
    rolloutPercentage: 0,
    gates: [],
  };
}

export function draftFromFlag(flag: FeatureFlag): FlagDraft {
  return {
    name: flag.name,
    description: flag.description,
    isEnabled: flag.isEnabled,
    targetUserTypes: [...flag.targetUserTypes],
    rolloutPercentage: flag.rolloutPercentage,
    gates: [...flag.gates],
  };
}

/**
 * The create body, or why the name is refused: checked with the contract's own schema, so the
 * dialog and the API never disagree (the dialog shows the contract's message, translated).
 */
export function toCreateFlag(draft: FlagDraft): { body: CreateFlagInput } | { nameInvalid: true } {
  const body: CreateFlagInput = {
    name: draft.name.trim(),
    isEnabled: draft.isEnabled,
    targetUserTypes: draft.targetUserTypes,
    rolloutPercentage: draft.rolloutPercentage,
    gates: draft.gates,
    ...(draft.description.trim() ? { description: draft.description.trim() } : {}),
  };
  return createFlagSchema.safeParse(body).success ? { body } : { nameInvalid: true };
}

/** The update body: every editable field, and the version this copy of the flag was read at. */
export function toUpdateFlag(draft: FlagDraft, version: number): UpdateFlagInput {
  return {
    version,
    description: draft.description.trim(),
    isEnabled: draft.isEnabled,
    targetUserTypes: draft.targetUserTypes,
    rolloutPercentage: draft.rolloutPercentage,
    gates: draft.gates,
  };
}

/** Case-insensitive match on name or description (the list is one superuser's handful of flags). */
export function filterFlags(flags: readonly FeatureFlag[], search: string): FeatureFlag[] {
  const term = search.trim().toLowerCase();
  if (!term) return [...flags];
  return flags.filter(
    (f) => f.name.toLowerCase().includes(term) || f.description.toLowerCase().includes(term),
  );
}

/** Toggles `value` in a list, keeping the order of `all` (checkbox groups). */
export function toggleIn<T>(list: readonly T[], value: T, on: boolean, all: readonly T[]): T[] {
  const next = new Set(list);
  if (on) next.add(value);
  else next.delete(value);
  return all.filter((v) => next.has(v));
}
