import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the issues of a 422 answer next to the form fields their `loc` names (`["body", "prompt"]`), so
 * the server's validation reads like the form's own. True when at least one issue found its field;
 * the caller shows the answer otherwise.
 */
export function showServerFieldErrors<Values extends FieldValues>(
  error: unknown,
  fields: readonly Path<Values>[],
  setError: UseFormSetError<Values>,
): boolean {
  if (!(error instanceof ApiError) || error.status !== 422 || !Array.isArray(error.detail)) return false;
  let shown = false;
  for (const issue of error.detail) {
    const field = fields.find((name) => issue.loc.includes(name));
    if (!field) continue;
    setError(field, { type: 'server', message: issue.msg }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
