// Prompt enhancement (server module `prompt-enhancement`, HTTP path /llm/generate/text). The creation
// screens receive the button from the app (app/creation-screens.tsx): features do not import one another.
export { EnhancePromptButton, type EnhancePromptButtonProps } from './enhance-prompt-button';
