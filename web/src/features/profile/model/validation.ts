import { profileUpdateSchema, type FieldErrors, type ProfileUpdate } from '@sneakers/shared';

/** The profile form's fields, in the order they are shown (the first invalid one gets focus). */
export const PROFILE_FIELDS = [
  'businessName',
  'contactEmail',
  'phone',
  'preferredContact',
  'instagramHandle',
  'location',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** A field's problem as an i18n key (and its values): shown at the field, in the UI language. */
export interface FieldProblem {
  key: string;
  values?: Record<string, number>;
}
export type ProfileProblems = Partial<Record<ProfileField, FieldProblem>>;

function isProfileField(key: string): key is ProfileField {
  return (PROFILE_FIELDS as readonly string[]).includes(key);
}

/**
 * Field problems from an error model's `fields`: its messages are the server's, in English,
 * so each field shows its own translated message instead.
 */
export function problemsFromFields(fields: FieldErrors): ProfileProblems {
  const problems: ProfileProblems = {};
  for (const key of Object.keys(fields))
    if (isProfileField(key)) problems[key] = { key: `profile.errors.${key}` };
  return problems;
}

/** The API's own rules (the shared contract), checked before sending. */
export function validateProfileUpdate(update: ProfileUpdate): ProfileProblems {
  const result = profileUpdateSchema.safeParse(update);
  if (result.success) return {};
  const problems: ProfileProblems = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!isProfileField(field) || problems[field]) continue;
    problems[field] =
      issue.code === 'too_big' && typeof issue.maximum === 'number'
        ? { key: 'profile.errors.tooLong', values: { max: issue.maximum } }
        : { key: `profile.errors.${field}` };
  }
  return problems;
}

export function firstInvalid(problems: ProfileProblems): ProfileField | undefined {
  return PROFILE_FIELDS.find((field) => problems[field]);
}
