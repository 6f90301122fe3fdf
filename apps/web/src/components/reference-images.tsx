import { ImagePlus, X } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { buttonClasses } from './button-styles';
import { Spinner } from './spinner';

// The reference photos of a creation (the studio's subject and style references, an avatar's photo):
// a button that picks files and the thumbnails of those uploaded, each removable.

/** An uploaded reference: its storage URI for the call that uses it, and a URL to show it. */
export interface ReferenceImageView {
  gcs_uri: string;
  url: string;
  filename: string;
}

/** A button-looking file picker; its input keeps `label` as its name for assistive technology. */
export function FileButton({
  label,
  accept,
  multiple = false,
  disabled,
  busy,
  onChange,
}: {
  label: string;
  accept: readonly string[];
  multiple?: boolean;
  disabled: boolean;
  busy: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <label
      aria-disabled={disabled ? true : undefined}
      className={`${buttonClasses({ variant: 'secondary', size: 'sm' })} cursor-pointer has-focus-visible:outline-2 has-focus-visible:outline-violet-500`}
    >
      {busy ? <Spinner /> : <ImagePlus aria-hidden="true" className="size-4" />}
      {busy ? 'Uploading…' : label}
      <input
        type="file"
        aria-label={label}
        accept={accept.join(',')}
        multiple={multiple}
        disabled={disabled}
        onChange={onChange}
        className="sr-only"
      />
    </label>
  );
}

/** The thumbnails of uploaded references, named "{label} {n}: {filename}", each with a Remove button. */
export function ReferenceList({
  label,
  images,
  disabled,
  onRemove,
}: {
  label: string;
  images: readonly ReferenceImageView[];
  disabled: boolean;
  onRemove: (gcsUri: string) => void;
}) {
  if (images.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-3">
      {images.map((image, index) => (
        <li
          key={image.gcs_uri}
          aria-label={`${label} ${index + 1}: ${image.filename}`}
          className="relative size-24 overflow-hidden rounded-xl border border-zinc-200 dark:border-white/10"
        >
          <img src={image.url} alt={image.filename} className="size-full object-cover" />
          <button
            type="button"
            disabled={disabled}
            aria-label={`Remove ${image.filename}`}
            onClick={() => onRemove(image.gcs_uri)}
            className="absolute top-1 right-1 inline-flex size-7 items-center justify-center rounded-full bg-zinc-900/70 text-white hover:bg-zinc-900"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </li>
      ))}
    </ul>
  );
}
