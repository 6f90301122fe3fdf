import { UPLOAD_MAX_BYTES, VOICE_CLONE_MIME_TYPES, voiceMessages } from '@reelcraft/contract';

// The client-side checks of a voice sample before it is sent (spec 001 section 5: WAV, MP3 or WebM;
// the contract also takes M4A and OGG), so a wrong file is refused at once with the server's words.

type CloneMimeType = (typeof VOICE_CLONE_MIME_TYPES)[number];

// Browsers name some formats differently from the contract's list (Firefox says audio/x-wav).
const TYPE_ALIASES: Record<string, CloneMimeType> = {
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/mp3': 'audio/mpeg',
  'video/webm': 'audio/webm',
};

// Some systems give no type for an audio file; its extension says what it claims to be.
const TYPES_BY_EXTENSION: Record<string, CloneMimeType> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  webm: 'audio/webm',
  m4a: 'audio/m4a',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  mp4: 'audio/mp4',
};

function isCloneType(type: string): type is CloneMimeType {
  return (VOICE_CLONE_MIME_TYPES as readonly string[]).includes(type);
}

/** The contract's type of a file ("audio/webm;codecs=opus" is audio/webm), or null if not a sample type. */
export function sampleType(file: { type: string; name?: string }): CloneMimeType | null {
  const base = file.type.split(';')[0]?.trim().toLowerCase() ?? '';
  const type = TYPE_ALIASES[base] ?? base;
  if (isCloneType(type)) return type;
  if (type !== '') return null;
  const extension = file.name?.split('.').pop()?.toLowerCase() ?? '';
  return TYPES_BY_EXTENSION[extension] ?? null;
}

/** Why the file cannot be a sample (the spec's 422 or 413 text), or null when it can be sent. */
export function checkVoiceSample(file: { type: string; size: number; name?: string }): string | null {
  if (sampleType(file) === null) return voiceMessages.cloneUnsupportedFormat;
  if (file.size > UPLOAD_MAX_BYTES) return voiceMessages.cloneTooLarge;
  return null;
}

/** The file as sent: under the contract's name of its type, so the part's type is one the call lists. */
export function asSampleFile(file: Blob, name: string): File {
  const type = sampleType({ type: file.type, name }) ?? file.type;
  return new File([file], name, { type });
}

const EXTENSIONS: Partial<Record<CloneMimeType, string>> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
};

/** The file name of a browser recording, after its type. */
export function recordingFileName(type: string): string {
  const known = sampleType({ type });
  return `voice-sample.${(known && EXTENSIONS[known]) ?? 'webm'}`;
}

/** "1:05" for 65 seconds: the recording timer. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
