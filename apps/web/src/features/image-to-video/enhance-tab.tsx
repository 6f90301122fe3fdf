import {
  ENHANCER_MAX_BYTES,
  ENHANCER_MIME_TYPES,
  enhanceProductImage,
  imageEnhancerMessages,
  type EnhanceImageAnswer,
} from '@reelcraft/contract';
import { useEffect, useId, useState } from 'react';
import { buttonClasses } from '../../components/button-styles';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast';
import { ApiError, callApi } from '../../lib/api-client';
import { uploadFiles } from './slots';

/** The enhancer's failure: the server's reason when it gave one, else the catalogue's text. */
function enhanceErrorText(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'http' && error.detail !== null) {
    return imageEnhancerMessages.enhancementFailed(error.message);
  }
  return imageEnhancerMessages.enhanceFailed;
}

async function saveImage(url: string): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Download failed with status ${response.status}`);
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = `enhanced-image-${Date.now()}.png`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 1_000);
}

/** The Product Image Enhancer (spec 001 section 2, Image Enhancement tab). */
export function EnhanceTab({
  onUseForVideo,
}: {
  onUseForVideo: (image: EnhanceImageAnswer, name: string) => void;
}) {
  const instructionId = useId();
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [instruction, setInstruction] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const [result, setResult] = useState<EnhanceImageAnswer | null>(null);

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  function pick(picked: File | undefined) {
    if (!picked) return;
    if (!(ENHANCER_MIME_TYPES as readonly string[]).includes(picked.type)) {
      setProblem(imageEnhancerMessages.invalidFormat);
      return;
    }
    if (picked.size > ENHANCER_MAX_BYTES) {
      setProblem(imageEnhancerMessages.tooLarge);
      return;
    }
    setProblem(null);
    setResult(null);
    setFile(picked);
    setPreview(URL.createObjectURL(picked));
  }

  async function enhance() {
    if (!file) {
      setProblem(imageEnhancerMessages.imageRequired);
      return;
    }
    if (instruction.trim() === '') {
      setProblem(imageEnhancerMessages.instructionsRequired);
      return;
    }
    setProblem(null);
    setNote(null);
    setWorking(true);
    try {
      const [uploaded] = await uploadFiles([file], 'image-enhancement');
      if (!uploaded) throw new Error(imageEnhancerMessages.enhanceFailed);
      const answer = await callApi(enhanceProductImage, {
        body: { object_key: uploaded.gcs_uri, prompt: instruction.trim() },
      });
      setResult(answer);
    } catch (error) {
      setProblem(enhanceErrorText(error));
      if (error instanceof ApiError && error.status === 403) {
        setNote('Note for local development: the image must have been uploaded by the signed-in user.');
      }
    } finally {
      setWorking(false);
    }
  }

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
          <div className="grid gap-4 sm:grid-cols-2">
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
              onClick={() => onUseForVideo(result, file?.name ?? 'Enhanced image')}
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
              onClick={() => setResult(null)}
            >
              Enhance Again
            </button>
          </div>
        </div>
      ) : (
        <>
          <label className="flex flex-col gap-2 text-sm font-medium">
            Product image (JPEG, PNG or WebP, up to 20MB)
            <input
              type="file"
              accept={ENHANCER_MIME_TYPES.join(',')}
              className="text-xs"
              onChange={(event) => {
                pick(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </label>
          {preview && file ? (
            <img src={preview} alt="Original image" className="max-h-64 rounded-xl object-contain" />
          ) : null}
          <div className="flex flex-col gap-2">
            <label htmlFor={instructionId} className="text-sm font-medium">
              Enhancement instructions
            </label>
            <textarea
              id={instructionId}
              rows={3}
              value={instruction}
              placeholder="e.g. clean white background, soft shadow, brighter colours"
              onChange={(event) => {
                setInstruction(event.target.value);
                setProblem(null);
              }}
              className="w-full rounded-xl border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-white/15 dark:bg-white/5"
            />
          </div>
          <button
            type="button"
            className={buttonClasses({ className: 'self-start' })}
            disabled={working}
            onClick={() => void enhance()}
          >
            {working ? <Spinner /> : null}
            {working ? 'Enhancing...' : 'Enhance Image'}
          </button>
        </>
      )}
      {problem ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {problem}
        </p>
      ) : null}
      {note ? <p className="text-xs text-zinc-500">{note}</p> : null}
    </section>
  );
}
