import { z } from 'zod';

/** GET /api/health (new): the API host is up and its database answers. */
export const healthSchema = z.object({ database: z.literal('up') });
export type Health = z.infer<typeof healthSchema>;
