import * as z from 'zod';

/** `GET /api/health` of the local cloud: the state of each local service. */
export const serviceHealthSchema = z.object({
  name: z.string(),
  status: z.enum(['up', 'down']),
  url: z.string().optional(),
  detail: z.string().optional(),
});
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  services: z.array(serviceHealthSchema),
});
export type Health = z.infer<typeof healthSchema>;
