import { z } from 'zod';
import { defineCall } from '../define-call';

const componentHealthSchema = z.object({
  status: z.enum(['ok', 'error']),
  detail: z.string().optional(),
});

/**
 * The local disks this instance writes to (stored files with the local driver, the embedded
 * database, render work files): `error` when free space is below the critical threshold, or the disk
 * cannot be read; `detail` says which and why, and warns while still `ok` when space runs low.
 */
const storageHealthSchema = componentHealthSchema.extend({
  /** Free bytes of the fullest of those disks. */
  free_bytes: z.number().int().nonnegative().optional(),
});

export const healthAnswerSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: componentHealthSchema,
  queue: componentHealthSchema,
  /** Added by issue 37; optional, so answers of older servers still read. */
  storage: storageHealthSchema.optional(),
  version: z.string(),
});
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;

/** Liveness and readiness of this instance: the database, the job queue and free disk space. */
export const getHealth = defineCall({
  name: 'getHealth',
  method: 'GET',
  path: '/health',
  auth: 'none',
  tag: 'platform',
  summary: 'Health of the database, the job queue and the disk',
  response: healthAnswerSchema,
});
