// The clones query is shared (image-to-video offers the clones too): it lives in lib/voices.
export { fetchVoiceClones, useVoiceClones, voiceClonesQueryOptions } from '../../../lib/voices';
