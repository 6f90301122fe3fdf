// Texts of the studio screen that the spec describes without quoting (spec 001 sections 2 and 4):
// ours, kept here until the contract's messages take them. The quoted ones come from studioMessages.

export const studioTexts = {
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
