export { Confetti, playCompletionSound, useCompletionEffects } from './completion-effects';
export { countWords, PromptMeter, promptStrength, type PromptStrength } from './prompt-meter';
export { ProgressRing } from './progress-ring';
export { SendToBackgroundButton } from './send-to-background';
export { downloadThroughProxy, proxyVideoUrl } from './video-download';
export { fetchGeneration } from './api/get-generation';
export {
  startingState,
  useGenerationJob,
  useGenerationState,
  type GenerationJob,
  type GenerationJobOptions,
  type GenerationPhase,
} from './use-generation-job';
export {
  checkGenerationAllowed,
  generationCheckFailed,
  generationGateFor,
  useGenerationGate,
  type GenerationGate,
  type GenerationGateOptions,
} from './generation-gate';
export { BackToOptionsButton, BackToOptionsHeader } from './back-to-options-header';
export {
  useVoicePreview,
  voiceDetails,
  VoiceList,
  type VoicePreviewPlayer,
  type VoicePreviewWording,
} from './voice-list';
export { CountedTextarea } from './counted-textarea';
export { DownloadVideoButton } from './download-video-button';
export { GenerationResult } from './generation-result';
export { useCreationDraft, useFormDraft, useKeepFormDraft, type CreationKind } from './creation-memory';
export { BackToDashboard, GenerationFailedPanel, ResumingNotice } from './generation-panels';
export { RatioFrame } from './ratio-frame';
export { SeedField } from './seed-field';
