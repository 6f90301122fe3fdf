import { zodResolver } from '@hookform/resolvers/zod';
import { avatarMessages, defaultFailure, type Avatar } from '@reelcraft/contract';
import {
  CircleAlertIcon,
  ClapperboardIcon,
  PencilIcon,
  PlusIcon,
  RefreshCwIcon,
  SparklesIcon,
  Trash2Icon,
  UserRoundIcon,
} from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { buttonClasses, iconButtonClasses } from '../../components/button-styles';
import { ConfirmDialog, Dialog } from '../../components/dialog';
import { FormMessage } from '../../components/form-message';
import { ProgressBar } from '../../components/progress-bar';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { useToast } from '../../components/toast';
import { Confetti } from '../../components/generations';
import { errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { formatDate } from '../../lib/relative-time';
import { useVoices } from '../../lib/voices';
import { deleteAvatarErrorMessage, renameAvatarErrorMessage } from './api/avatar-errors';
import { useDeleteAvatar } from './api/delete-avatar';
import { useAvatars } from './api/list-avatars';
import { useRenameAvatar } from './api/rename-avatar';
import { PresenterVideo, usePresenterJob, type PresenterValues } from './presenter-video';
import { storeAvatarForStudio } from './studio-handoff';

const SKELETON_COUNT = 6;

/**
 * /avatars: the user's saved avatars (spec 001 section 2 shows no content: ours). Each can be
 * previewed, renamed, deleted after a confirmation, handed to AI Studio as a subject reference, or
 * made to present a narration in a presenter video, which is saved to My Projects.
 */
export function AvatarsPage() {
  const avatars = useAvatars();
  const navigate = useNavigate();
  const toast = useToast();
  const remove = useDeleteAvatar();
  const job = usePresenterJob();
  const [preview, setPreview] = useState<Avatar | null>(null);
  const [renaming, setRenaming] = useState<Avatar | null>(null);
  const [confirming, setConfirming] = useState<Avatar | null>(null);
  const [presenterOpen, setPresenterOpen] = useState(false);
  // The avatar of the presenter video in the dialog (and of the one being made, once started).
  const [presenter, setPresenter] = useState<Avatar | null>(null);
  const [presenterDraft, setPresenterDraft] = useState<PresenterValues | null>(null);

  const list = avatars.data ?? [];

  function openPresenter(avatar: Avatar) {
    setPreview(null);
    // One presenter video at a time: while one is made, the dialog shows it.
    if (job.phase !== 'running' && job.phase !== 'starting') {
      if (job.phase === 'completed' || job.phase === 'failed') job.reset();
      if (presenter?.id !== avatar.id) setPresenterDraft(null);
      setPresenter(avatar);
    }
    setPresenterOpen(true);
  }

  function sendToStudio(avatar: Avatar) {
    storeAvatarForStudio(avatar);
    void navigate(paths.studio);
  }

  function confirmDelete() {
    if (!confirming) return;
    const avatar = confirming;
    remove.mutate(avatar.id, {
      onSuccess: () => {
        setConfirming(null);
        if (preview?.id === avatar.id) setPreview(null);
        toast.show({ title: `Deleted the avatar "${avatar.name}"`, tone: 'success' });
      },
      onError: (error) => {
        setConfirming(null);
        toast.show({ title: deleteAvatarErrorMessage(error), tone: 'error' });
      },
    });
  }

  const jobShown = job.phase === 'running' || job.phase === 'completed' || job.phase === 'failed';

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <title>Avatars · ReelCraft</title>
      <Confetti burst={job.burst} />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-display text-3xl font-semibold tracking-tight">Avatars</h1>
          <p className="mt-2 text-zinc-600 dark:text-zinc-400">
            {avatars.data
              ? `${list.length} ${list.length === 1 ? 'avatar' : 'avatars'}`
              : 'Presenters you made in AI Studio.'}
          </p>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={() => void avatars.refetch()}
            disabled={avatars.isFetching}
            aria-label="Refresh avatars"
            className={`${iconButtonClasses} size-9`}
          >
            {avatars.isFetching ? <Spinner /> : <RefreshCwIcon className="size-4.5" />}
          </button>
          <Link to={paths.studioAvatar} className={buttonClasses({ size: 'sm' })}>
            <PlusIcon aria-hidden="true" className="size-4" />
            Create an Avatar
          </Link>
        </div>
      </div>

      {jobShown && !presenterOpen ? (
        <PresenterBanner job={job} name={presenter?.name ?? null} onShow={() => setPresenterOpen(true)} />
      ) : null}

      <div className="mt-6">
        {avatars.isPending ? (
          <>
            <p role="status" className="sr-only">
              Loading avatars…
            </p>
            <ul aria-hidden="true" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {Array.from({ length: SKELETON_COUNT }, (_, index) => (
                <li
                  key={index}
                  data-testid="avatar-skeleton"
                  className="overflow-hidden rounded-2xl border border-zinc-200 dark:border-white/10"
                >
                  <div className="aspect-square animate-pulse bg-zinc-200 dark:bg-white/10" />
                  <div className="flex flex-col gap-2 p-4">
                    <div className="h-4 w-1/2 animate-pulse rounded bg-zinc-200 dark:bg-white/10" />
                    <div className="h-3 w-1/3 animate-pulse rounded bg-zinc-200 dark:bg-white/10" />
                  </div>
                </li>
              ))}
            </ul>
          </>
        ) : avatars.isError ? (
          <div
            role="alert"
            className="flex flex-col items-center rounded-2xl border border-zinc-200 px-6 py-12 text-center dark:border-white/10"
          >
            <CircleAlertIcon aria-hidden="true" className="size-7 text-red-500" />
            <p className="mt-3 text-sm font-medium">
              {errorMessage(avatars.error, { fallback: defaultFailure('load avatars') })}
            </p>
            <button
              type="button"
              onClick={() => void avatars.refetch()}
              disabled={avatars.isFetching}
              className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-4' })}
            >
              {avatars.isFetching ? <Spinner /> : <RefreshCwIcon aria-hidden="true" className="size-4" />}
              Try Again
            </button>
          </div>
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-zinc-300 px-6 py-14 text-center dark:border-white/15">
            <span className="flex size-12 items-center justify-center rounded-full bg-violet-500/10 text-violet-600 dark:text-violet-300">
              <UserRoundIcon aria-hidden="true" className="size-6" />
            </span>
            <h2 className="mt-4 text-base font-semibold">{avatarMessages.emptyTitle}</h2>
            <p className="mt-1 max-w-md text-sm text-zinc-600 dark:text-zinc-400">
              {avatarMessages.emptyBody}
            </p>
            <Link to={paths.studioAvatar} className={buttonClasses({ size: 'sm', className: 'mt-5' })}>
              <SparklesIcon aria-hidden="true" className="size-4 shrink-0" />
              Create an Avatar
            </Link>
          </div>
        ) : (
          <ul aria-label="Avatars" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {list.map((avatar) => (
              <AvatarCard
                key={avatar.id}
                avatar={avatar}
                onPreview={() => setPreview(avatar)}
                onPresent={() => openPresenter(avatar)}
                onUseInStudio={() => sendToStudio(avatar)}
                onRename={() => setRenaming(avatar)}
                onDelete={() => setConfirming(avatar)}
              />
            ))}
          </ul>
        )}
      </div>

      <Dialog
        open={preview !== null}
        onClose={() => setPreview(null)}
        title={preview?.name ?? 'Avatar'}
        size="lg"
      >
        {preview ? (
          <AvatarPreview
            avatar={preview}
            onPresent={() => openPresenter(preview)}
            onUseInStudio={() => sendToStudio(preview)}
            onRename={() => {
              setRenaming(preview);
              setPreview(null);
            }}
            onDelete={() => {
              setConfirming(preview);
              setPreview(null);
            }}
          />
        ) : null}
      </Dialog>

      <Dialog open={renaming !== null} onClose={() => setRenaming(null)} title="Rename avatar">
        {renaming ? (
          <RenameForm avatar={renaming} onDone={() => setRenaming(null)} onCancel={() => setRenaming(null)} />
        ) : null}
      </Dialog>

      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Delete this avatar?"
        description={confirming ? avatarMessages.deleteConfirm(confirming.name) : undefined}
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />

      <Dialog
        open={presenterOpen}
        onClose={() => setPresenterOpen(false)}
        title={presenter ? `Presenter video: ${presenter.name}` : 'Presenter video'}
        description={
          job.phase === 'idle' || job.phase === 'starting'
            ? 'Write what the avatar says, pick a voice and a shape. The video is saved to My Projects.'
            : undefined
        }
        size="lg"
      >
        <PresenterVideo avatar={presenter} job={job} draft={presenterDraft} onDraft={setPresenterDraft} />
      </Dialog>
    </div>
  );
}

interface AvatarActions {
  onPresent: () => void;
  onUseInStudio: () => void;
  onRename: () => void;
  onDelete: () => void;
}

/** The two uses of an avatar, on its card and in its preview: a presenter video, or AI Studio. */
function UseAvatarButtons({
  presentLabel,
  onPresent,
  onUseInStudio,
}: { presentLabel: string } & Pick<AvatarActions, 'onPresent' | 'onUseInStudio'>) {
  return (
    <>
      <button type="button" onClick={onPresent} className={buttonClasses({ size: 'sm' })}>
        <ClapperboardIcon aria-hidden="true" className="size-4 shrink-0" />
        {presentLabel}
      </button>
      <button
        type="button"
        onClick={onUseInStudio}
        className={buttonClasses({ variant: 'secondary', size: 'sm' })}
      >
        <SparklesIcon aria-hidden="true" className="size-4 shrink-0" />
        Use in AI Studio
      </button>
    </>
  );
}

function AvatarCard({
  avatar,
  onPreview,
  ...actions
}: { avatar: Avatar; onPreview: () => void } & AvatarActions) {
  const nameId = useId();
  return (
    <li>
      <article
        aria-labelledby={nameId}
        className="flex h-full flex-col overflow-hidden rounded-2xl border border-zinc-200 bg-white dark:border-white/10 dark:bg-zinc-900"
      >
        <button
          type="button"
          onClick={onPreview}
          aria-label={`Preview ${avatar.name}`}
          className="block aspect-square w-full bg-zinc-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-violet-500 dark:bg-white/5"
        >
          <img src={avatar.image_url} alt="" loading="lazy" className="size-full object-cover" />
        </button>
        <div className="flex flex-1 flex-col gap-3 p-4">
          <div className="flex items-start gap-1">
            <div className="min-w-0 flex-1">
              <h2 id={nameId} className="truncate font-semibold" title={avatar.name}>
                {avatar.name}
              </h2>
              <p className="text-xs text-zinc-500 dark:text-zinc-400">
                <time dateTime={avatar.created_at}>{formatDate(avatar.created_at)}</time>
              </p>
            </div>
            <button
              type="button"
              onClick={actions.onRename}
              aria-label={`Rename ${avatar.name}`}
              className={`${iconButtonClasses} size-9 shrink-0`}
            >
              <PencilIcon className="size-4" />
            </button>
            <button
              type="button"
              onClick={actions.onDelete}
              aria-label={`Delete ${avatar.name}`}
              className={`${iconButtonClasses} size-9 shrink-0 hover:text-red-600 dark:hover:text-red-400`}
            >
              <Trash2Icon className="size-4" />
            </button>
          </div>
          <div className="mt-auto grid grid-cols-2 gap-2">
            <UseAvatarButtons presentLabel="Presenter video" {...actions} />
          </div>
        </div>
      </article>
    </li>
  );
}

function AvatarPreview({ avatar, ...actions }: { avatar: Avatar } & AvatarActions) {
  const voices = useVoices();
  const voiceName = avatar.voice_id
    ? (voices.data?.find((voice) => voice.id === avatar.voice_id)?.name ?? avatar.voice_id)
    : null;
  return (
    <div className="mt-4 flex flex-col gap-4">
      <img
        src={avatar.image_url}
        alt={`Portrait of ${avatar.name}`}
        className="mx-auto max-h-[55vh] w-full rounded-xl bg-zinc-100 object-contain dark:bg-white/5"
      />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-zinc-500 dark:text-zinc-400">Created</dt>
        <dd>
          <time dateTime={avatar.created_at}>{formatDate(avatar.created_at)}</time>
        </dd>
        {voiceName ? (
          <>
            <dt className="text-zinc-500 dark:text-zinc-400">Voice</dt>
            <dd>{voiceName}</dd>
          </>
        ) : null}
      </dl>
      <div className="flex flex-wrap gap-2">
        <UseAvatarButtons presentLabel="Make a presenter video" {...actions} />
        <button
          type="button"
          onClick={actions.onRename}
          className={buttonClasses({ variant: 'ghost', size: 'sm' })}
        >
          <PencilIcon aria-hidden="true" className="size-4" />
          Rename
        </button>
        <button
          type="button"
          onClick={actions.onDelete}
          className={buttonClasses({ variant: 'ghost', size: 'sm' })}
        >
          <Trash2Icon aria-hidden="true" className="size-4" />
          Delete
        </button>
      </div>
    </div>
  );
}

const renameSchema = z.object({
  name: z.string().trim().min(1, 'Please name your avatar.').max(100, 'Keep the name under 100 characters.'),
});

function RenameForm({
  avatar,
  onDone,
  onCancel,
}: {
  avatar: Avatar;
  onDone: () => void;
  onCancel: () => void;
}) {
  const rename = useRenameAvatar();
  const form = useForm<z.infer<typeof renameSchema>>({
    resolver: zodResolver(renameSchema),
    defaultValues: { name: avatar.name },
  });
  const { register, handleSubmit, formState } = form;
  return (
    <form
      noValidate
      aria-label="Rename avatar"
      onSubmit={(event) =>
        void handleSubmit(({ name }) => rename.mutate({ id: avatar.id, name }, { onSuccess: onDone }))(event)
      }
      className="mt-4 flex flex-col gap-4"
    >
      <TextField
        label="Avatar name"
        autoComplete="off"
        maxLength={100}
        data-autofocus
        disabled={rename.isPending}
        error={formState.errors.name?.message}
        {...register('name')}
      />
      <FormMessage tone="error">{rename.isError ? renameAvatarErrorMessage(rename.error) : null}</FormMessage>
      <div className="flex justify-end gap-2">
        <button
          type="button"
          onClick={onCancel}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          Cancel
        </button>
        <button type="submit" disabled={rename.isPending} className={buttonClasses({ size: 'sm' })}>
          {rename.isPending ? <Spinner /> : null}
          Save
        </button>
      </div>
    </form>
  );
}

/** The presenter video being made (or just ended) while its dialog is closed. */
function PresenterBanner({
  job,
  name,
  onShow,
}: {
  job: ReturnType<typeof usePresenterJob>;
  name: string | null;
  onShow: () => void;
}) {
  const subject = name ? `${name}'s presenter video` : 'Your presenter video';
  return (
    <section
      aria-label="Presenter video"
      className="mt-6 flex flex-col gap-3 rounded-2xl border border-zinc-200 bg-white p-4 sm:flex-row sm:items-center dark:border-white/10 dark:bg-white/5"
    >
      <div className="min-w-0 flex-1">
        <p role="status" className="text-sm font-medium">
          {job.phase === 'running'
            ? `${subject} is being made… ${Math.round(job.state.progress)}%`
            : job.phase === 'completed'
              ? `${subject} is ready.`
              : avatarMessages.presenterFailed}
        </p>
        {job.phase === 'running' ? (
          <ProgressBar percent={job.state.progress} label="Presenter video progress" className="mt-2" />
        ) : null}
      </div>
      <button type="button" onClick={onShow} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
        {job.phase === 'completed' ? 'Watch' : 'Show'}
      </button>
    </section>
  );
}
