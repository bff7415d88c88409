import * as z from 'zod/mini';

/** One malformed release: where it was and what broke (for the logs; the count is the result's). */
export const releaseIssueSchema = z.object({
  index: z.int(),
  styleId: z.nullable(z.string()),
  problem: z.string(),
});
export type ReleaseIssue = z.infer<typeof releaseIssueSchema>;
