/**
 * Every user-facing text of the spec's error catalogues (spec 000 and 001, section 8) and validation
 * rules (section 5), verbatim: the UI shows them as they are, and tests compare against them.
 * Texts the spec describes without quoting are marked "ours".
 */
import {
  ENHANCER_MAX_MB,
  MAX_UPLOAD_FILES,
  PROMPT_ENHANCE_MIN_CHARS,
  STUDIO_CANDIDATE_COUNT,
  UPLOAD_MAX_MB,
  VOICE_CLONE_ADVISED_MIN_SECONDS,
} from './constants';

/** The catalogue's fallback where nothing more specific applies (spec 000 section 8, "Default"). */
export function defaultFailure(action: string): string {
  return `Failed to ${action}`;
}

/**
 * `detail` texts the server sends, which the web client matches on or shows as they are. Kept apart
 * from the UI texts because some differ from what the UI shows for them (login shows
 * `loginMessages.emailNotVerified` for `emailNotVerified`).
 */
export const serverDetailMessages = {
  emailNotVerified: 'Email not verified',
  emailAlreadyRegistered: 'Email already registered',
  subscriptionPlanNotFound: 'Subscription plan not found',
  invalidToken: 'Invalid or missing JWT token',
  jobNotFound: 'Job not found',
  jobOrCandidateNotFound: 'Job or candidate not found',
  /** The studio client retries a select whose 400 detail contains this. */
  candidatesNotReady: 'Candidates not ready for selection',
  voiceCloneNotFound: 'Voice clone not found',
  imageNotFound: 'Image not found',
  chatSessionNotFound: 'Session not found or access denied',
  promptRequired: 'Missing required field: prompt is required',
  filesRequired: 'Missing required fields: files field is required',
  noFilesForUpload: 'No files provided for upload',
  tooManyUploadFiles: `Maximum ${MAX_UPLOAD_FILES} images can be uploaded at once`,
  noAudioForLipsync: 'No audio available for lip-sync',
  videoNotReadyForVoiceover: 'Video must be ready before adding voiceover',
  generationLimitReached: 'Video creation limit reached',
  // Ours: the spec names these cases without quoting a text.
  notFound: 'Not found',
  invalidCredentials: 'Incorrect email or password',
  invalidResetToken: 'Reset link is invalid or has expired',
  unsupportedFileType: 'Unsupported file type',
  /** Ours (issue 37): the 422 of a profile picture that is not one of the caller's uploaded images. */
  profilePictureNotOwnUpload: 'The profile picture must be an image you uploaded',
  /** Ours (issue 37): the 507 of any call, and a job's failure, when the server's disk is full. */
  outOfStorage: 'The server is out of storage space. Please try again later or contact support.',
} as const;

export const sessionMessages = {
  /** Rejected locally before sending, when the stored token is past its expiry. */
  tokenExpired: 'Token expired',
  sessionExpired: 'Your session has expired. Please log in again.',
} as const;

export const loginMessages = {
  /** Shown when the server's detail is `serverDetailMessages.emailNotVerified`. */
  emailNotVerified: 'Please verify your email before logging in.',
  invalidCredentials: 'Invalid email or password.',
  accessDenied: 'Access denied. Please check your credentials.',
  tooManyAttempts: 'Too many login attempts. Please try again later.',
  failed: 'Login failed',
  networkError: 'Network error. Please check your connection.',
  googleFailed: 'Google login failed',
  /** A login error containing this shows the resend-verification link. */
  verifyEmailHint: 'verify your email',
  // Ours (issue 36): the guidance under a refused sign-in, next to the catalogue's text.
  attemptsLeft: (count: number) =>
    `${count} ${count === 1 ? 'attempt' : 'attempts'} left before sign-in is paused for this email.`,
  /** `time` as the clock reads it (2:47 PM), `wait` how long that is from now (in 15 minutes). */
  pausedUntil: (time: string, wait: string) => `Sign-in is paused until ${time} (${wait}).`,
  pauseOver: 'The pause is over: you can sign in again.',
  resetUnlocks: 'Resetting your password lifts the pause at once.',
  addressPaused:
    'Too many wrong passwords came from your network, so a password reset does not lift this pause.',
  resetPasswordAction: 'Reset your password',
} as const;

export const registerMessages = {
  emailAlreadyRegistered: 'Email already registered.',
  invalidData: 'Invalid registration data',
  failed: 'Registration failed',
} as const;

/** Forgot password and reset password (spec 000 section 8); resend verification is in verificationMessages. */
export const passwordMessages = {
  /** Ours: the spec says a 404 tells the feature is unavailable and to contact support. */
  featureUnavailable: 'This feature is not available right now. Please contact support.',
  forgotFailed: 'Failed to send password reset email',
  forgotFailedShort: 'Failed to send reset email',
  resetFailed: 'Failed to reset password',
  resetEmailSent: 'Password reset email sent! Check your inbox.',
  resetSucceeded: 'Password reset successfully! You can now login with your new password.',
  passwordsDoNotMatch: 'Passwords do not match',
} as const;

export const verificationMessages = {
  invalidLinkFormat: 'Invalid verification link format',
  invalidLink: 'Invalid verification link',
  linkExpiredOrInvalid: 'Verification link has expired or is invalid',
  linkExpired: 'Verification link has expired',
  userNotFound: 'User account not found',
  endpointNotFound: 'Verification endpoint not found',
  serverError: 'Server error occurred during verification. Please try again.',
  // Spec 001 quotes it without the final period that spec 000's list adds.
  networkError: 'Network error during email verification',
  resendFailed: 'Failed to resend verification email',
  resendFailedShort: 'Failed to send verification email',
  resendSucceeded: 'Verification email sent! Check your inbox.',
  resendFeatureUnavailable: passwordMessages.featureUnavailable,
} as const;

export const generationGateMessages = {
  noVideosRemaining: 'No videos remaining. Please upgrade your plan to continue.',
  generationDisabled: 'Video generation is currently disabled. Please check your subscription status.',
  checkFailed: 'Failed to check subscription status. Please try again.',
  /** The studio's entry check, which goes to /dashboard instead of the plans. */
  studioCheckFailed: 'Failed to verify video generation permission. Please try again.',
} as const;

export const paymentMessages = {
  notCompleted: 'Payment could not be completed.',
  succeeded: 'Payment successful! Your subscription has been activated.',
  activationFailed: 'Payment successful but failed to activate subscription. Please contact support.',
  /** Description of the checkout order. */
  orderDescription: (plan: string) => `Subscription plan: ${plan}`,
} as const;

export const planMessages = {
  notFound: 'Subscription plan not found.',
} as const;

export const feedbackMessages = {
  submitFailed: 'We could not submit your feedback. Please try again.',
  submitFailedAlternative: 'Failed to submit feedback. Please try again.',
  thanks: 'Thanks for helping us improve!',
  // Ours: the spec states the rules without texts. A guest has no user ID: an email address does
  // (issue 36), and Submit says why it waits for one.
  userIdRequired: 'Please enter your email or user ID',
  answerRequired: 'This question is required',
  guestNeedsContact: 'Enter your email or user ID above to send your feedback.',
} as const;

/** Shared by text-to-video and image-to-video (spec 001 section 8, "Text and image generation"). */
export const generationMessages = {
  noSessionId: 'No session ID received from server',
  startFailed: 'Failed to start video generation',
  statusCheckFailed: 'Failed to check video status',
  completedWithoutUrl: 'Video generation completed but no video URL provided',
  generationFailed: 'Video generation failed',
  creationFailed: 'Video creation failed',
  createFailed: 'Failed to create video',
  /** Ours (issue 19): an attempt was interrupted (its worker stopped) and the next one is coming. */
  retrying: 'Interrupted. Retrying...',
} as const;

export const textToVideoMessages = {
  descriptionRequired: 'Video description is required',
  /** Progress bands: below 25, 50, 75, then the rest. */
  progressInitializing: 'Initializing',
  progressProcessing: 'Processing text',
  progressRendering: 'Rendering video',
  progressFinalizing: 'Finalizing',
} as const;

/** Storyboards (issue 31): what the API answers and the editor shows. */
export const storyboardMessages = {
  promptRequired: 'Video description is required',
  titleRequired: 'Give the video a title.',
  noScenes: 'A storyboard needs at least one scene.',
  tooManyScenes: 'A storyboard holds at most 40 scenes.',
  narrationTooLong: 'A scene’s narration can be at most 600 characters. Split it into two scenes.',
  sceneTooShort: 'A scene lasts at least 1 second.',
  sceneTooLong: 'A scene lasts at most 30 seconds.',
  videoTooLong: 'A video can be at most 3 minutes long.',
  tooManySubjects: 'A scene shows at most 3 subjects.',
  unknownIllustration: 'That illustration is not in the set.',
  imageNotYours: 'That image is not one of yours.',
  speakNeedsImage: 'A speaking scene needs a portrait: add an image subject, or choose another action.',
  imageGone: 'An image of this storyboard was deleted. Choose another image in the storyboard editor.',
  unknownVoice: 'That voice is not available.',
  duplicateSceneId: 'Two scenes have the same id.',
  notFound: 'Storyboard not found',
  sceneNotFound: 'Scene not found',
  versionNotFound: 'Version not found',
  staleVersion:
    'This storyboard was changed somewhere else. Your edit was not saved: review the newest version and apply it again.',
  renderStale: 'This storyboard was changed after that version. Render the newest version.',
  alreadyRendering: 'This storyboard is rendering. Wait for it to finish before rendering again.',
  nothingToRender: 'Nothing changed since the last render.',
  noCaptions: 'This video has no captions.',
  notEditable: 'This video was made before storyboards and cannot be edited. Make a new one from its prompt.',
} as const;

/** The text screen's progress band (spec 001 section 4): below 25, 50, 75, then the rest. */
export function textToVideoProgressLabel(progress: number): string {
  if (progress < 25) return textToVideoMessages.progressInitializing;
  if (progress < 50) return textToVideoMessages.progressProcessing;
  if (progress < 75) return textToVideoMessages.progressRendering;
  return textToVideoMessages.progressFinalizing;
}

export const imageToVideoMessages = {
  atLeastOneImage: 'Please upload at least one image',
  promptRequired: 'Please enter a text prompt',
  filesFieldRequired: 'No images to process: files field is required',
  invalidImageFiles: 'Please select valid image files',
  maxImagesReached: 'Maximum images reached. Remove an image first.',
  maxImagesAllowed: (n: number) => `Maximum of ${n} images allowed`,
  invalidLastFrame: 'Please select a valid image file (PNG, JPG, JPEG, GIF, BMP)',
  fileTooLarge: `File size must be less than ${UPLOAD_MAX_MB}MB`,
  invalidVoiceSample: 'Please select a valid audio file (MP3, WAV, M4A, OGG)',
  uploadImageFailed: 'Failed to upload image',
  stageFileProcessing: 'Processing your images...',
  stageSceneGeneration: 'Generating scenes from your images...',
  stageVideoGeneration: 'Creating your video...',
  stageFinalCombination: 'Finalizing your video...',
  stageCompleted: 'Video generation complete!',
  stageOther: (percent: number) => `Processing... ${percent}%`,
} as const;

export const imageEnhancerMessages = {
  invalidFormat: 'Invalid image format. Please use JPEG, PNG, or WebP.',
  tooLarge: `Image too large. Maximum size is ${ENHANCER_MAX_MB}MB.`,
  enhanceFailed: 'Failed to enhance image',
  enhancementFailed: (reason: string) => `Enhancement failed: ${reason}. Please try again.`,
  addEnhancedImageFailed: 'Failed to add enhanced image',
  // Ours: the enhancer needs both, the spec gives no text.
  imageRequired: 'Please upload an image to enhance',
  instructionsRequired: 'Please describe how to enhance the image',
} as const;

export const promptEnhancementMessages = {
  promptRequired: 'Please enter a prompt first',
  promptTooShort: `Please enter a more detailed prompt (at least ${PROMPT_ENHANCE_MIN_CHARS} characters)`,
  invalidResponse: 'Received invalid response from AI',
  failed: 'Failed to generate enhanced prompt.',
} as const;

export const uploadMessages = {
  noFiles: serverDetailMessages.noFilesForUpload,
  tooManyFiles: serverDetailMessages.tooManyUploadFiles,
  /** Ours: the spec lists "all uploads failed" as a 400 variant without its text. */
  allUploadsFailed: 'All uploads failed',
  authRequired: 'Authentication required. Please log in again.',
  authFailed: 'Authentication failed. Please log in again.',
  filesTooLarge: 'Files too large. Please reduce file sizes and try again.',
  validationFailed: (detail: string) => `Validation failed: ${detail}`,
  serverError: 'Server error occurred during upload. Please try again.',
  // The generic uploader.
  invalidFileType: (acceptedTypes: string) => `Invalid file type. Accepted types: ${acceptedTypes}`,
  fileSizeExceeds: (maxMb: number) => `File size exceeds ${maxMb}MB limit`,
  readError: 'Error reading file',
} as const;

export const studioMessages = {
  notAuthenticated: 'Not authenticated. Please log in to continue.',
  generateCandidatesFirst: `Please generate candidates first by clicking "Generate ${STUDIO_CANDIDATE_COUNT} Candidates"`,
  candidatesReady: (n: number) => `Candidates ready ${n}/${STUDIO_CANDIDATE_COUNT}`,
  creationLimitReached: serverDetailMessages.generationLimitReached,
  invalidParameters: 'Invalid request parameters',
  requestValidationFailed: 'Request validation failed',
  createJobFailed: 'Failed to create video job',
  jobNotFound: serverDetailMessages.jobNotFound,
  jobOrCandidateNotFound: serverDetailMessages.jobOrCandidateNotFound,
  candidatesStillProcessing: 'Candidates are still being processed. Please wait a moment and try again.',
  invalidExtension: 'Invalid extension request',
  extendFailed: 'Failed to extend video',
  videoNotReadyForVoiceover: serverDetailMessages.videoNotReadyForVoiceover,
  videoNotReadyForVoiceoverWithStatus: (status: string) =>
    `${serverDetailMessages.videoNotReadyForVoiceover} Current status: ${status}`,
  voiceoverFailed: 'Failed to generate voiceover',
  invalidRecordedAudio: 'Invalid audio file or job not ready',
  noAudioForLipsync: serverDetailMessages.noAudioForLipsync,
  lipsyncFailed: 'Failed to apply lip-sync',
  assetsFailed: 'Failed to get job assets',
  noJobId: 'No job ID available',
  uploadFilesFailed: 'Failed to upload files',
  selectCandidateFailed: 'Failed to select candidate',
  fetchCandidatesFailed: 'Failed to fetch video candidates',
  generationTimedOut: 'Video generation timed out. Please try again.',
  generationFailedDefault: 'Generation failed',
  unknownError: 'Unknown error',
  backendSessionIssue:
    'Backend session issue occurred, but no video candidates were received. Please try again.',
  lipsyncTimedOut: 'Lip-sync processing timed out. Please try again.',
  lipsyncProcessingFailed: 'Lip-sync processing failed',
  lipsyncPollingLimitReached: 'Lip-sync processing timed out (polling limit reached)',
  lipsyncMonitorFailed: 'Failed to monitor lip-sync completion',
  /** Notification titles raised by the studio. */
  candidatesReadyTitle: 'AI Studio Candidates Ready',
  generationFailedTitle: 'AI Studio Generation Failed',
  // Ours: the spec states these rules of the studio screen (sections 2 and 4) without texts.
  promptRequired: 'Please describe the video you want',
  referenceRequired: 'Add at least one subject photo or a style reference',
  tooManySubjectRefs: (max: number) => `You can add up to ${max} subject photos`,
  selectCandidateFirst: 'Please select a candidate to continue',
  voiceoverFirst:
    'Please create the voiceover first: enter narration text and choose a voice, or record your own',
  lipsyncFirst: 'Please apply lip-sync first',
  exportNotReady: 'Your video is not ready to export yet',
  narrationRequired: 'Please enter the narration text',
  microphoneUnavailable: 'Recording is not available: allow the microphone or upload an audio file instead',
} as const;

export const voiceMessages = {
  loadFailed: 'Failed to load voices',
  cloneInvalid: 'Invalid audio file or parameters',
  cloneTooLarge: 'Audio file too large. Please use a smaller file.',
  cloneUnsupportedFormat: 'Audio file format not supported. Please use WAV, MP3, or WebM format.',
  cloneNotFound: serverDetailMessages.voiceCloneNotFound,
  // Ours: the spec says these name the voice provider without quoting them.
  providerUnauthorized: 'The voice provider rejected our credentials. Please contact support.',
  providerForbidden: 'The voice provider denied access to this voice.',
  providerRateLimited: 'The voice provider is busy. Please try again in a moment.',
  // Ours: the spec has no texts for these.
  cloneNoSpeech: 'No clear speech was found in the sample. Please record at least a few seconds of speaking.',
  voiceNotFound: 'Voice not found',
  previewTextRequired: 'Please type a sentence for the voice to say.',
  /** Said beside the clone form when the offline voice makes the clone (issue 36: in customer words). */
  localCloneNotice:
    'True voice cloning is not available on this server, so your clone is an approximation: it copies the pitch, range, pace and brightness of your voice. Whoever runs ReelCraft for you can turn on true cloning.',
  /** Under a sample shorter than VOICE_CLONE_ADVISED_MIN_SECONDS (the first tip's advice). */
  sampleShort: (seconds: number) =>
    `Your sample is ${seconds} ${seconds === 1 ? 'second' : 'seconds'} long. A clone sounds most like you from ${VOICE_CLONE_ADVISED_MIN_SECONDS} seconds of speech: record a longer one if you can.`,
  cloneTips: [
    'Record 30 seconds to 2 minutes of your natural speaking voice.',
    'Use a quiet room and keep the microphone at the same distance.',
    'Speak at your usual pace and pitch, as you would narrate a video.',
    'One speaker only, with no music or background noise.',
  ],
} as const;

/** Ours: spec 001 shows no avatar screen or texts beyond "Avatars: 404 returns an empty list". */
export const avatarMessages = {
  avatarNotFound: 'Avatar not found',
  imageNotYours: 'Image not found',
  portraitsFailed: 'Failed to generate portraits',
  presenterTextRequired: 'Please write what the presenter says.',
  presenterFailed: 'The presenter video could not be made.',
  presenterTitle: (name: string) => `${name} presenting`,
  emptyTitle: 'No avatars yet',
  emptyBody: 'Make one in AI Studio: upload a photo, pick one of four portraits and save it.',
  deleteConfirm: (name: string) =>
    `Delete the avatar "${name}"? Presenter videos made with it stay in your projects.`,
} as const;

/** Ours (issue 19): the answers of the flood limits, with Retry-After. */
export const floodMessages = {
  mails: 'Too many emails were asked for. Please wait a while before asking again.',
  signups: 'Too many accounts were created from this network. Please try again later.',
  feedback: 'Too much feedback was sent from this network. Please try again later.',
} as const;

/**
 * A stored size as the storage texts show it: `820 KB`, `12.5 MB`, `1.5 GB`. A megabyte is
 * 1024 × 1024 bytes, as the upload limits and the plans' `storage_mb` count it.
 */
export function formatStorageSize(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;
  // One decimal below 100 (12.5 MB), none above (820 KB); a trailing .0 is dropped (500 MB).
  const rounded = (value: number) => (value < 100 ? Math.round(value * 10) / 10 : Math.round(value));
  let value = Math.max(0, Math.round(bytes));
  let unit = 0;
  // Up a unit while the shown number would reach 1024 (1023.96 KB is 1 MB, not 1024 KB).
  while ((unit === 0 ? value : rounded(value)) >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${value} ${value === 1 ? 'byte' : 'bytes'}`;
  return `${rounded(value)} ${units[unit]}`;
}

/**
 * Ours (issue 37): the per-user limits of the calls that fill storage or the database (429 with
 * Retry-After), and the plan's storage allowance (413).
 */
export const userLimitMessages = {
  voiceClones: 'Too many voice clones were created. Please try again later.',
  deckUploads: 'Too many decks were uploaded. Please try again later.',
  uploads: 'Too many files were uploaded or saved. Please try again later.',
  chatMessages: 'Too many chat messages were sent. Please try again later.',
  chatSessions: 'Too many chats were started. Please try again later.',
  storyboardSaves: 'Too many storyboards were saved. Please try again later.',
  notifications: 'Too many notifications were created. Please try again later.',
  storageFull: (used: string, allowance: string) =>
    `Not enough storage: ${used} of your ${allowance} are used. Please delete videos, images or voice clones you no longer need, or upgrade your plan to continue.`,
} as const;

export const chatMessages = {
  invalidToken: serverDetailMessages.invalidToken,
  sessionNotFound: serverDetailMessages.chatSessionNotFound,
  invalidRequest: 'Invalid request data',
  processingError: 'Processing error',
  sendFailed: 'Failed to send message',
  processingApology: 'Sorry, there was an error processing your message. Please try again.',
  emptyMessage: 'Message cannot be empty',
  noActiveSession: 'No active chat session. Please create a session first.',
} as const;

export const libraryMessages = {
  authRequired: (action: string) => `Authentication required to ${action}`,
  saveNotImplemented: 'Image library save endpoint not implemented yet',
  /** Ours: the spec gives no text for a 405. */
  methodNotAllowed: 'This action is not supported by the image library.',
  imageNotFound: serverDetailMessages.imageNotFound,
  loadTimeout: 'Loading timeout - please try refreshing',
  usingCachedImages: 'Using cached images (API timeout)',
  loadFailed: 'Failed to load images',
  downloadFailed: 'Failed to download image',
  deleteFailed: defaultFailure('delete image'),
  selectedCount: (n: number) => `${n} selected`,
} as const;

export const projectsMessages = {
  fetchVideosFailed: (status: number) => `Failed to fetch videos (status ${status})`,
  noRecentProjects: 'No recent projects found. Create your first video!',
  notReadyForDownload: 'Video not ready for download yet',
  editComingSoon: 'Edit functionality coming soon!',
  noProjects: 'No projects found',
  noSearchMatch: 'No projects match your search',
  startFirstProject: 'Start creating your first video project',
  searchPlaceholder: 'Search projects...',
  loadMore: 'Load More Projects',
  loadingMore: 'Loading more projects...',
  stillProcessing: 'Video is still processing...',
  notAvailable: 'Video not available',
} as const;

export const playerMessages = {
  // Ours: the spec names the four media error codes without texts.
  mediaErrorAborted: 'Video loading was aborted',
  mediaErrorNetwork: 'A network error stopped the video from loading',
  mediaErrorDecode: 'Video decoding failed: the file is corrupt or unsupported',
  mediaErrorFormat: 'Video format not supported',
  loadFailed: 'Failed to load video',
  loadFailedTryDownload: 'Failed to load video. Please try downloading it instead.',
  playbackFailed: 'Video playback failed. Please try downloading the video.',
  playFailed: (reason: string) => `Failed to play video: ${reason}`,
  downloadFailed: 'Failed to download video. Please try again.',
  downloadSucceeded: 'Download completed successfully!',
} as const;
