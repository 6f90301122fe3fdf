export {
  Confetti,
  countWords,
  downloadThroughProxy,
  playCompletionSound,
  ProgressRing,
  PromptMeter,
  promptStrength,
  proxyVideoUrl,
  useCompletionEffects,
  useSendToBackground,
  type PromptStrength,
} from './creation-kit';
export {
  useGenerationJob,
  type CreationKind,
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
