import {
  IMAGE_MIME_TYPES,
  imageToVideoMessages,
  MAX_IMAGE_SLOTS,
  type UploadedImage,
} from '@reelcraft/contract';
import { useRef, useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast';
import { paths } from '../../lib/paths';
import type { ImageUploads } from './creation-parts';
import { acceptImages, slotId, type ImageSlot } from './slots';

/**
 * The five image slots: pick or drop files (uploaded at once, so the job only names them), take
 * images from the library, remove one. `error` is the form's message about the images.
 */
export function ImageSlotsSection({
  slots,
  setSlots,
  uploads,
  disabled,
  error,
  errorId,
}: {
  slots: ImageSlot[];
  setSlots: (update: (slots: ImageSlot[]) => ImageSlot[]) => void;
  uploads: ImageUploads;
  disabled: boolean;
  error: string | null;
  errorId: string;
}) {
  const toast = useToast();
  const fileInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  function addFiles(files: readonly File[]) {
    const { accepted, problem: refused } = acceptImages(files, slots.length);
    setProblem(refused);
    if (accepted.length === 0) return;
    const added: ImageSlot[] = accepted.map((file) => ({
      id: slotId(),
      name: file.name,
      type: file.type,
      size: file.size,
      url: URL.createObjectURL(file),
      objectKey: null,
      file,
      fromLibrary: false,
      uploading: true,
    }));
    setSlots((current) => [...current, ...added].slice(0, MAX_IMAGE_SLOTS));
    // A picked image holds a slot only once stored: a file the server refused would fail the job
    // too, so its slot goes (with a toast) rather than stay as a broken slot that counts as filled.
    const dropAdded = (failed: readonly ImageSlot[]) => {
      failed.forEach((slot) => URL.revokeObjectURL(slot.url));
      setSlots((current) => current.filter((slot) => !failed.some((item) => item.id === slot.id)));
    };
    uploads.upload(accepted, 'image-to-video').then(
      (images) => {
        // The answer lists the stored images only, in the order sent: all of them, or (some refused)
        // the ones whose original names are still there.
        const everyOne = images.length === added.length;
        const unclaimed = [...images];
        const stored = new Map<string, UploadedImage>();
        added.forEach((slot) => {
          const match = everyOne
            ? 0
            : unclaimed.findIndex((image) => image.metadata.original_filename === slot.name);
          const image = match < 0 ? undefined : unclaimed[match];
          if (!image) return;
          stored.set(slot.id, image);
          unclaimed.splice(match, 1);
        });
        const failed = added.filter((slot) => !stored.has(slot.id));
        // The stored image's address replaces the page's preview: it outlives a reload, and it is
        // what the library keeps (spec 001 section 5 skips blob: addresses).
        added.forEach((slot) => {
          if (stored.has(slot.id)) URL.revokeObjectURL(slot.url);
        });
        setSlots((current) =>
          current.map((slot) => {
            const image = stored.get(slot.id);
            return image
              ? { ...slot, objectKey: image.gcs_uri, url: image.signed_url, uploading: false }
              : slot;
          }),
        );
        if (failed.length > 0) {
          dropAdded(failed);
          toast.show({
            title: imageToVideoMessages.uploadImageFailed,
            message: failed.map((slot) => slot.name).join(', '),
            tone: 'error',
          });
        }
      },
      (uploadError: unknown) => {
        dropAdded(added);
        toast.show({
          title: imageToVideoMessages.uploadImageFailed,
          message: uploads.describeError(uploadError),
          tone: 'error',
        });
      },
    );
  }

  function openPicker() {
    if (slots.length >= MAX_IMAGE_SLOTS) {
      setProblem(imageToVideoMessages.maxImagesReached);
      return;
    }
    fileInput.current?.click();
  }

  function removeSlot(id: string) {
    setSlots((current) => current.filter((slot) => slot.id !== id));
    setProblem(null);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (!disabled) addFiles(Array.from(event.dataTransfer.files));
  }

  const message = error ?? problem;
  return (
    <section aria-label="Images" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">
          Images ({slots.length}/{MAX_IMAGE_SLOTS})
        </h2>
        <div className="flex gap-2">
          <button
            type="button"
            aria-describedby={error ? errorId : undefined}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            onClick={openPicker}
          >
            Add More Images
          </button>
          <Link
            to={`${paths.imageLibrary}?returnTo=image-to-video&tab=create`}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            From Library
          </Link>
        </div>
      </div>
      <input
        ref={fileInput}
        type="file"
        multiple
        accept={IMAGE_MIME_TYPES.join(',')}
        aria-label="Upload images"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="sr-only"
        onChange={(event) => {
          addFiles(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      <ul
        aria-label="Image slots"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`grid grid-cols-2 gap-3 rounded-2xl border-2 border-dashed p-3 sm:grid-cols-5 ${
          dragging
            ? 'border-violet-500 bg-violet-50 dark:bg-violet-500/10'
            : 'border-zinc-300 dark:border-white/15'
        }`}
      >
        {Array.from({ length: MAX_IMAGE_SLOTS }, (_, index) => {
          const slot = slots[index];
          if (!slot) {
            return (
              <li key={`empty-${index}`} aria-label={`Empty slot ${index + 1}`}>
                <button
                  type="button"
                  onClick={openPicker}
                  className="flex aspect-square w-full items-center justify-center rounded-xl bg-zinc-100 text-xs text-zinc-600 dark:bg-white/5 dark:text-zinc-400"
                >
                  Drop or click to add
                </button>
              </li>
            );
          }
          return (
            <li key={slot.id} aria-label={`Image ${index + 1}: ${slot.name}`} className="relative">
              <img src={slot.url} alt={slot.name} className="aspect-square w-full rounded-xl object-cover" />
              {slot.uploading ? (
                <span className="absolute inset-0 flex items-center justify-center bg-black/40">
                  <Spinner />
                </span>
              ) : null}
              <button
                type="button"
                aria-label={`Remove ${slot.name}`}
                onClick={() => removeSlot(slot.id)}
                className="absolute top-1 right-1 rounded-full bg-black/60 px-2 text-white"
              >
                ×
              </button>
            </li>
          );
        })}
      </ul>
      {message ? (
        <p
          id={errorId}
          role="alert"
          className={`text-sm ${error ? 'text-red-600 dark:text-red-400' : 'text-amber-700 dark:text-amber-400'}`}
        >
          {message}
        </p>
      ) : null}
    </section>
  );
}
