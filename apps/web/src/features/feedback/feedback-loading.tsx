import { Spinner } from '../../components/spinner';

/** The dialog's waiting panel: while its form's code arrives, then while the questions load. */
export function FeedbackLoading() {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-16 text-sm text-zinc-500">
      <Spinner className="size-5" />
      Loading questions…
    </div>
  );
}
