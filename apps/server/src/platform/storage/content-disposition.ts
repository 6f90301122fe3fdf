const DOWNLOAD_NAME_MAX_LENGTH = 200;

function isUnsafeNameCharacter(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f || char === '/' || char === '\\';
}

/** A file name safe to offer for download: no control characters or path separators, bounded length. */
export function normalizeDownloadName(name: string): string {
  const cleaned = Array.from(name.trim(), (char) => (isUnsafeNameCharacter(char) ? '_' : char))
    .slice(0, DOWNLOAD_NAME_MAX_LENGTH)
    .join('')
    .trim();
  return cleaned.length > 0 && cleaned !== '.' && cleaned !== '..' ? cleaned : 'download';
}

// RFC 5987 attr-char: encodeURIComponent leaves ' ( ) * unescaped, which the grammar does not allow.
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `Content-Disposition: attachment` for a download name, RFC 6266 style: an ASCII fallback for old
 * clients and the exact UTF-8 name in `filename*`.
 */
export function contentDispositionAttachment(downloadName: string): string {
  const name = normalizeDownloadName(downloadName);
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
