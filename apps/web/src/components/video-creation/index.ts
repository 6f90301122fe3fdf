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
export { useStatusPolling } from './use-status-polling';
