import * as z from 'zod/mini';

/** `GET /api/health` of the local cloud: the state of each local service. */
export const serviceHealthSchema = z.object({
  name: z.string(),
  status: z.enum(['up', 'down']),
  url: z.optional(z.string()),
  detail: z.optional(z.string()),
});
export const healthSchema = z.object({
  /** `starting` (HTTP 503) until the demo seed is written: a journey must not meet half of it. */
  status: z.enum(['ok', 'degraded', 'starting']),
  services: z.array(serviceHealthSchema),
});
export type Health = z.infer<typeof healthSchema>;
