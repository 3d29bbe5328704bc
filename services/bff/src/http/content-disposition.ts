// Headers for serving an attachment. RFC 6266 / RFC 8187: `filename` carries an ASCII fallback for
// old clients, `filename*` the exact UTF-8 name, percent-encoded.

/** Types a browser shows itself; everything else is offered as a download. */
const INLINE_TYPES = new Set(['application/pdf', 'text/html', 'text/plain']);

export function mediaTypeOf(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

export function isInlineType(contentType: string): boolean {
  return INLINE_TYPES.has(mediaTypeOf(contentType));
}

/** attr-char of RFC 8187: anything else is percent-encoded (encodeURIComponent leaves !'()* alone). */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Printable ASCII without quote and backslash; other characters become '_'. */
function asciiFallback(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
}

/** `always: 'attachment'` offers even a PDF, HTML or text file as a download (exports are files to keep). */
export function contentDisposition(fileName: string, contentType: string, always?: 'attachment'): string {
  const type = always ?? (isInlineType(contentType) ? 'inline' : 'attachment');
  // A path in the stored name never reaches the browser's save dialog.
  const base =
    [...(fileName.split(/[\\/]/).pop() ?? '')]
      .filter((c) => c >= ' ' && c !== '\x7f')
      .join('')
      .trim() || 'attachment';
  const fallback = asciiFallback(base);
  if (fallback === base) return `${type}; filename="${base}"`;
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(base)}`;
}
