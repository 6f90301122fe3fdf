import type { CloudSettings } from '../config';
import { findCaptionFonts, type CaptionFonts } from '../media/font-files';
import {
  describeMediaTools,
  resolveMediaTools,
  type MediaTools,
  type MediaToolsOptions,
} from '../media/media-tools';
import type { SubscribeVendorNews } from '../platform/realtime/vendor-news';
import { createElevenLabsSpeechProvider } from './cloud/elevenlabs-speech-provider';
import { createGeminiImageEnhancer } from './cloud/gemini-image-enhancer';
import { createOpenAiTextProvider } from './cloud/openai-text-provider';
import { createSyncLipSyncProvider, type UploadForVendor } from './cloud/sync-lip-sync-provider';
import { createVeoClient } from './cloud/veo-client';
import { createVeoSceneFootage } from './cloud/veo-scene-footage';
import { createVeoVideoProvider } from './cloud/veo-video-provider';
import { createLocalImageEnhancer } from './image-enhancement/local-image-enhancer';
import type {
  ImageEnhancementProvider,
  ImageEnhancementProviderKind,
} from './image-enhancement/image-enhancement-provider';
import { createLocalLipSyncProvider } from './lip-sync/local-lip-sync-provider';
import type { LipSyncProvider, LipSyncProviderKind } from './lip-sync/lip-sync-provider';
import { createEspeakEngine } from './speech/espeak-engine';
import { createLocalSpeechProvider } from './speech/local-speech-provider';
import type { SpeechProvider, SpeechProviderKind } from './speech/speech-provider';
import { createLocalTextProvider } from './text/local-text-provider';
import type { TextProvider, TextProviderKind } from './text/text-provider';
import { createLocalVideoProvider } from './video/local-video-provider';
import type { VideoProvider, VideoProviderKind } from './video/video-provider';

/** The few log calls the factory makes (pino's logger fits). */
export interface ProvidersLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface MediaOptions extends MediaToolsOptions {
  /** Temporary files and fresh results (default: the OS temp folder). */
  workDir?: string;
  /** Folder holding the DejaVu caption fonts (default: the usual system places). */
  fontDir?: string;
  renderTimeoutMs?: number;
  /** Parallel renders for studio candidates (default: one per core). */
  maxParallelRenders?: number;
  /** x264 preset (default veryfast). */
  x264Preset?: string;
}

/**
 * Which implementation serves each capability: `local` (the default) or a cloud adapter, whose
 * settings come in `cloud` (provider-config.ts reads them from the environment).
 */
export interface ProvidersOptions {
  video?: { kind: VideoProviderKind };
  speech?: { kind: SpeechProviderKind };
  lipSync?: { kind: LipSyncProviderKind };
  imageEnhancement?: { kind: ImageEnhancementProviderKind };
  text?: { kind: TextProviderKind };
  media?: MediaOptions;
  /** The cloud adapters' settings; a cloud kind without its settings stops start-up. */
  cloud?: CloudSettings;
  /**
   * Makes a local file reachable by a vendor for a while (lip-sync sends URLs, not files); the
   * server wires it to a signed storage URL under PUBLIC_URL.
   */
  uploadForVendor?: UploadForVendor;
  /** Notices from vendors' webhooks, which wake a polling adapter early (sync lip-sync). */
  vendorNews?: SubscribeVendorNews;
  logger?: ProvidersLogger;
}

export interface Providers {
  video: VideoProvider;
  speech: SpeechProvider;
  lipSync: LipSyncProvider;
  imageEnhancement: ImageEnhancementProvider;
  text: TextProvider;
  /** The resolved ffmpeg/ffprobe, for anything else that probes media. */
  mediaTools: MediaTools;
  captionFonts: CaptionFonts | null;
  /** Stops the speech worker; call at shutdown. */
  close(): Promise<void>;
}

const unknownKind = (capability: string, kind: never): Error =>
  new Error(`Unknown ${capability} provider: ${String(kind)}`);

function required<T>(settings: T | undefined, what: string): T {
  if (!settings) throw new Error(`The ${what} provider is chosen but not configured.`);
  return settings;
}

/**
 * Builds every provider from configuration, once at start-up: resolves and checks ffmpeg (failing
 * clearly when it cannot render), finds the caption fonts, and logs what it chose.
 */
export async function createProviders(options: ProvidersOptions): Promise<Providers> {
  const media = options.media ?? {};
  const mediaTools = await resolveMediaTools(media);
  const captionFonts = findCaptionFonts(media.fontDir);
  options.logger?.info(
    { ...describeMediaTools(mediaTools), captionFonts: captionFonts?.sansBold ?? null },
    'media tools ready',
  );
  if (!captionFonts) {
    options.logger?.warn(
      { fontDir: media.fontDir ?? null },
      'no DejaVu fonts found: videos are rendered without captions (install fonts-dejavu-core)',
    );
  }
  const encoder = media.x264Preset ? { preset: media.x264Preset } : {};
  const cloud = options.cloud ?? {};
  const logger = options.logger;

  const speech = ((kind: SpeechProviderKind): SpeechProvider => {
    switch (kind) {
      case 'local':
        return createLocalSpeechProvider({
          tools: mediaTools,
          engine: createEspeakEngine(),
          workDir: media.workDir,
        });
      case 'elevenlabs':
        return createElevenLabsSpeechProvider({
          settings: required(cloud.elevenlabs, 'ElevenLabs speech'),
          tools: mediaTools,
          workDir: media.workDir,
          logger,
        });
      default:
        throw unknownKind('speech', kind);
    }
  })(options.speech?.kind ?? 'local');

  if (options.lipSync?.kind === 'sync' && !options.uploadForVendor) {
    logger?.warn({}, 'sync lip-sync has no way to share files (uploadForVendor): lip-sync jobs will fail');
  }
  logger?.info(
    {
      video: options.video?.kind ?? 'local',
      speech: options.speech?.kind ?? 'local',
      lipSync: options.lipSync?.kind ?? 'local',
      imageEnhancement: options.imageEnhancement?.kind ?? 'local',
      text: options.text?.kind ?? 'local',
    },
    'providers chosen',
  );

  const video = ((kind: VideoProviderKind): VideoProvider => {
    switch (kind) {
      case 'local':
        return createLocalVideoProvider({
          tools: mediaTools,
          speech,
          fonts: captionFonts,
          workDir: media.workDir,
          renderTimeoutMs: media.renderTimeoutMs,
          maxParallelRenders: media.maxParallelRenders,
          encoder,
          // The text provider is made below; it is only called once a video is rendered.
          narrationWriter: {
            writeNarration: async (request, task) => {
              const writer = text.writeNarration?.bind(text) ?? createLocalTextProvider().writeNarration;
              if (!writer) throw new Error('No narration writer');
              return writer(request, task);
            },
          },
        });
      case 'veo': {
        // Storyboards render scene by scene through the storyboard renderer, Veo filming each
        // scene that changed (one generation a scene) under the drawn captions (docs/decisions/035);
        // the other flows that call the vendor get its videos as they are.
        const settings = required(cloud.veo, 'Veo video');
        const client = createVeoClient({ settings, ...(logger ? { logger } : {}) });
        const footage = createVeoSceneFootage({ client, settings, tools: mediaTools });
        const storyboards = createLocalVideoProvider({
          tools: mediaTools,
          speech,
          fonts: captionFonts,
          workDir: media.workDir,
          renderTimeoutMs: media.renderTimeoutMs,
          encoder,
          footage,
        });
        return {
          ...createVeoVideoProvider({ settings, client, tools: mediaTools, workDir: media.workDir, logger }),
          sceneSource: footage.source,
          fromStoryboard: storyboards.fromStoryboard,
        };
      }
      default:
        throw unknownKind('video', kind);
    }
  })(options.video?.kind ?? 'local');

  const lipSync = ((kind: LipSyncProviderKind): LipSyncProvider => {
    switch (kind) {
      case 'local':
        return createLocalLipSyncProvider({
          tools: mediaTools,
          workDir: media.workDir,
          encoder,
          renderTimeoutMs: media.renderTimeoutMs,
          fonts: captionFonts,
        });
      case 'sync':
        return createSyncLipSyncProvider({
          settings: required(cloud.sync, 'sync lip-sync'),
          tools: mediaTools,
          uploadForVendor: options.uploadForVendor,
          vendorNews: options.vendorNews,
          workDir: media.workDir,
          logger,
        });
      default:
        throw unknownKind('lip-sync', kind);
    }
  })(options.lipSync?.kind ?? 'local');

  const imageEnhancement = ((kind: ImageEnhancementProviderKind): ImageEnhancementProvider => {
    switch (kind) {
      case 'local':
        return createLocalImageEnhancer();
      case 'gemini':
        return createGeminiImageEnhancer({ settings: required(cloud.geminiImage, 'Gemini image'), logger });
      default:
        throw unknownKind('image enhancement', kind);
    }
  })(options.imageEnhancement?.kind ?? 'local');

  const text = ((kind: TextProviderKind): TextProvider => {
    switch (kind) {
      case 'local':
        return createLocalTextProvider();
      case 'openai':
        return createOpenAiTextProvider({
          settings: required(cloud.openai, 'OpenAI-compatible text'),
          logger,
        });
      default:
        throw unknownKind('text', kind);
    }
  })(options.text?.kind ?? 'local');

  return {
    video,
    speech,
    lipSync,
    imageEnhancement,
    text,
    mediaTools,
    captionFonts,
    close: () => speech.close(),
  };
}
