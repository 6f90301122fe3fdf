// Voices (server module `voices`): the studio's Voice Clone mode. The studio shows it through the app
// (app/studio-screen.tsx); the voice list itself is shared in lib/voices.
export { VoiceCloneStudio } from './voice-clone-studio';
