import { z } from 'zod';
import { defineCall } from '../define-call';

const componentHealthSchema = z.object({
  status: z.enum(['ok', 'error']),
  detail: z.string().optional(),
});

export const healthAnswerSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: componentHealthSchema,
  queue: componentHealthSchema,
  version: z.string(),
});
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;

/** Liveness and readiness of this instance: the database and the job queue. */
export const getHealth = defineCall({
  name: 'getHealth',
  method: 'GET',
  path: '/health',
  auth: 'none',
  tag: 'platform',
  summary: 'Health of the database and the job queue',
  response: healthAnswerSchema,
});
