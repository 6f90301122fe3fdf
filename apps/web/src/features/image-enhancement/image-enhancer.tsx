import { zodResolver } from '@hookform/resolvers/zod';
import {
  ENHANCER_MAX_BYTES,
  ENHANCER_MIME_TYPES,
  enhanceImageBodySchema,
  imageEnhancerMessages,
  type EnhanceImageAnswer,
} from '@reelcraft/contract';
import { useEffect, useId, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ImageIcon } from 'lucide-react';
import { buttonClasses } from '../../components/button-styles';
import { FilePicker } from '../../components/file-picker';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { useEnhanceProductImage, type UploadImage } from './api/enhance-product-image';

const enhancerFormSchema = z.object({
  image: z
    .custom<File>((value) => value instanceof File, imageEnhancerMessages.imageRequired)
    .refine(
      (file) => (ENHANCER_MIME_TYPES as readonly string[]).includes(file.type),
      imageEnhancerMessages.invalidFormat,
    )
    .refine((file) => file.size <= ENHANCER_MAX_BYTES, imageEnhancerMessages.tooLarge),
  prompt: enhanceImageBodySchema.shape.prompt,
});
type EnhancerFormInput = z.input<typeof enhancerFormSchema>;
type EnhancerFormValues = z.output<typeof enhancerFormSchema>;

/** The enhancer's failure: the server's reason when it gave one, else the catalogue's text. */
function enhanceErrorText(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'http' && error.detail !== null) {
    return imageEnhancerMessages.enhancementFailed(error.message);
  }
  return imageEnhancerMessages.enhanceFailed;
}

const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

async function saveImage(url: string): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Download failed with status ${response.status}`);
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  // Named by what the file is: the enhancer may answer a JPEG, a PNG or a WebP.
  link.download = `enhanced-image-${Date.now()}.${IMAGE_EXTENSIONS[blob.type] ?? 'jpg'}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 1_000);
}

export interface ImageEnhancerProps {
  /** Stores the picked image before its enhancement (the uploads feature's call, from the app). */
  uploadImages: UploadImage;
  onUseForVideo: (image: EnhanceImageAnswer, name: string) => void;
}

/** The Product Image Enhancer (spec 001 section 2, Image Enhancement tab). */
export function ImageEnhancer({ uploadImages, onUseForVideo }: ImageEnhancerProps) {
  const instructionId = useId();
  const instructionErrorId = useId();
  const toast = useToast();
  const enhancement = useEnhanceProductImage(uploadImages);
  const { register, handleSubmit, setValue, control, formState } = useForm<
    EnhancerFormInput,
    unknown,
    EnhancerFormValues
  >({ resolver: zodResolver(enhancerFormSchema), defaultValues: { image: undefined, prompt: '' } });
  const image = useWatch({ control, name: 'image' });
  const imageError = formState.errors.image?.message;
  const instructionError = formState.errors.prompt?.message;
  const preview = useMemo(
    () => (image instanceof File && !imageError ? URL.createObjectURL(image) : null),
    [image, imageError],
  );
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const result = enhancement.data;
  const failure = enhancement.error;

  async function download(url: string) {
    try {
      await saveImage(url);
    } catch {
      toast.show({ title: 'Failed to download image', tone: 'error' });
    }
  }

  return (
    <section aria-label="Product Image Enhancer" className="flex flex-col gap-5">
      <h2 className="text-lg font-semibold">Product Image Enhancer</h2>
      {result && preview ? (
        <div className="flex flex-col gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <figure className="flex flex-col gap-2">
              <img src={preview} alt="Original image" className="rounded-xl object-contain" />
              <figcaption className="text-sm text-zinc-500">Original</figcaption>
            </figure>
            <figure className="flex flex-col gap-2">
              <img
                src={result.enhanced_image_url}
                alt="Enhanced image"
                className="rounded-xl object-contain"
              />
              <figcaption className="text-sm text-zinc-500">Enhanced</figcaption>
            </figure>
          </div>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className={buttonClasses()}
              onClick={() => onUseForVideo(result, image instanceof File ? image.name : 'Enhanced image')}
            >
              Use for Video
            </button>
            <button
              type="button"
              className={buttonClasses({ variant: 'secondary' })}
              onClick={() => void download(result.enhanced_image_url)}
            >
              Download
            </button>
            <button
              type="button"
              className={buttonClasses({ variant: 'ghost' })}
              onClick={() => enhancement.reset()}
            >
              Enhance Again
            </button>
          </div>
        </div>
      ) : (
        <form
          noValidate
          className="flex flex-col gap-5"
          onSubmit={(event) =>
            void handleSubmit((values) => enhancement.mutate({ image: values.image, prompt: values.prompt }))(
              event,
            )
          }
        >
          <FilePicker
            label="Product image"
            accept={ENHANCER_MIME_TYPES.join(',')}
            chooseText="Choose image"
            icon={<ImageIcon aria-hidden className="size-4" />}
            hint="JPEG, PNG or WebP, up to 20MB"
            file={image instanceof File ? image : null}
            onPick={(picked) => {
              enhancement.reset();
              setValue('image', picked, { shouldValidate: true });
            }}
            onRemove={() => {
              enhancement.reset();
              // Back to no file, as before the first pick (resetField keeps a value whose default is undefined).
              setValue('image', undefined as unknown as File, { shouldValidate: false });
            }}
            removeLabel="Remove product image"
            {...(imageError ? { error: imageError } : {})}
          />
          {preview ? (
            <img src={preview} alt="Original image" className="max-h-64 rounded-xl object-contain" />
          ) : null}
          <div className="flex flex-col gap-2">
            <label htmlFor={instructionId} className="text-sm font-medium">
              Enhancement instructions
            </label>
            <textarea
              id={instructionId}
              rows={3}
              placeholder="e.g. clean white background, soft shadow, brighter colours"
              aria-invalid={instructionError ? true : undefined}
              aria-describedby={instructionError ? instructionErrorId : undefined}
              {...register('prompt')}
              className="w-full rounded-xl border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-white/15 dark:bg-white/5"
            />
            {instructionError ? (
              <p id={instructionErrorId} className="text-sm text-red-600 dark:text-red-400">
                {instructionError}
              </p>
            ) : null}
          </div>
          <button
            type="submit"
            className={buttonClasses({ className: 'self-start' })}
            disabled={enhancement.isPending}
          >
            {enhancement.isPending ? <Spinner /> : null}
            {enhancement.isPending ? 'Enhancing...' : 'Enhance Image'}
          </button>
        </form>
      )}
      {failure ? (
        <div role="alert" className="flex flex-col gap-1">
          <p className="text-sm text-red-600 dark:text-red-400">{enhanceErrorText(failure)}</p>
          {failure instanceof ApiError && failure.status === 403 ? (
            <p className="text-xs text-zinc-500">
              Note for local development: the image must have been uploaded by the signed-in user.
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
