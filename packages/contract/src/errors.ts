import { z } from 'zod';

/** One entry of a 422 validation answer (DESIGN.md section 3). */
export const validationIssueSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

/** Every error answer: `{detail: text}`, or for 422 `{detail: [issues]}`. */
export const errorAnswerSchema = z.object({
  detail: z.union([z.string(), z.array(validationIssueSchema)]),
});
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;

/** Flattens an error detail into one message, as the front end shows it (spec 001 section 8). */
export function flattenErrorDetail(detail: ErrorAnswer['detail']): string {
  if (typeof detail === 'string') return detail;
  return detail.map((issue) => issue.msg).join('; ');
}
