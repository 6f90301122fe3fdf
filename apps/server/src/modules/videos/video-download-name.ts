// The storage drivers cap a download name at 200 characters; the extension must survive the cut.
const BASE_MAX_LENGTH = 196;

/**
 * The file name a video downloads under (spec 001 section 9): the title with every character that is
 * not an ASCII letter or digit replaced by an underscore, plus `.mp4`.
 */
export function videoDownloadName(title: string): string {
  // One underscore per code point (the `u` flag), so every character of the result is one code unit.
  const base = title.replace(/[^A-Za-z0-9]/gu, '_').slice(0, BASE_MAX_LENGTH);
  return `${base || 'video'}.mp4`;
}
