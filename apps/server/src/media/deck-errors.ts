/** Why a deck cannot be imported; the message is for the user. */
export class DeckImportError extends Error {
  override readonly name = 'DeckImportError';
}

export const deckErrors = {
  notPresentation: 'This file is not a presentation. Please upload a PDF or a PowerPoint (.pptx) file.',
  encrypted: 'This presentation is protected by a password. Please remove the password and upload it again.',
  oldPowerPoint:
    'This is an old PowerPoint (.ppt) file or a password-protected one. Please save it as .pptx or PDF and upload it again.',
  tooManySlides: (max: number) =>
    `This presentation has more than ${max} slides. Please split it and upload the parts.`,
  noPages: 'This presentation has no slides.',
  unreadable: 'This presentation could not be read. It may be damaged; please export it again and upload it.',
  /** Ours (issue 37): a slide's text or notes beyond what a slide holds. */
  tooMuchText: (slide: number, max: number) =>
    `Slide ${slide} of this presentation has more than ${max.toLocaleString('en-US')} characters of text or notes. Please shorten it and upload it again.`,
  /** Ours (issue 37): the file unpacks to far more than a deck of its size does. */
  tooLarge:
    'This presentation is too large to import once unpacked. Please remove large media or split it, and upload the parts.',
  /** Ours (issue 37): LibreOffice did not finish converting it in time. */
  tooSlow:
    'This presentation took too long to convert. Please simplify it, or export it as PDF and upload that.',
} as const;
