// The storage drivers cap a download name at 200 characters; the extension must survive the cut.
const BASE_MAX_LENGTH = 196;

/**
 * The file name a video downloads under (spec 001 section 9): the title with every character that is
 * not an ASCII letter or digit replaced by an underscore, plus `.mp4`.
 */
export function videoDownloadName(title: string): string {
  const base = Array.from(title, (char) => (/^[A-Za-z0-9]$/.test(char) ? char : '_'))
    .slice(0, BASE_MAX_LENGTH)
    .join('');
  return `${base || 'video'}.mp4`;
}
