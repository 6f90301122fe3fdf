import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/** Where an issue's `loc` (`["body", "prompt"]`) points in a form: its field, or none. */
export type FieldOfLoc<Values extends FieldValues> = (
  loc: readonly (string | number)[],
) => Path<Values> | undefined;

/**
 * Puts the issues of a 422 answer next to the form fields their `loc` names (`["body", "prompt"]`), so
 * the server's validation reads like the form's own. `fields` lists the form's fields named as in the
 * body, or finds the field for a `loc` where the form names it otherwise. The first field shown takes
 * the focus. True when at least one issue found its field; the caller shows the answer otherwise.
 */
export function showServerFieldErrors<Values extends FieldValues>(
  error: unknown,
  fields: readonly Path<Values>[] | FieldOfLoc<Values>,
  setError: UseFormSetError<Values>,
): boolean {
  if (!(error instanceof ApiError) || error.status !== 422 || !Array.isArray(error.detail)) return false;
  const fieldOf: FieldOfLoc<Values> =
    typeof fields === 'function' ? fields : (loc) => fields.find((name) => loc.includes(name));
  let shown = false;
  for (const issue of error.detail) {
    const field = fieldOf(issue.loc);
    if (!field) continue;
    setError(field, { type: 'server', message: issue.msg }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
