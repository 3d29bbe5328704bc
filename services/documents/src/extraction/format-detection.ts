import path from 'node:path';
import type { ExtractionFormat } from './extraction.types';
import { readZipDirectory } from './zip-directory';

/** A detected format, or a recognisable container we refuse with a specific reason. */
export type DetectedFormat =
  | { format: ExtractionFormat }
  | { format: ExtractionFormat | 'unknown'; refuse: 'encrypted' | 'unsupported'; message: string };

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const byExtension: Record<string, ExtractionFormat> = {
  '.pdf': 'pdf',
  '.docx': 'docx',
  '.html': 'html',
  '.htm': 'html',
  '.xhtml': 'html',
  '.txt': 'txt',
  '.text': 'txt',
  '.md': 'txt',
  '.json': 'json',
};

const byContentType: Record<string, ExtractionFormat> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'text/plain': 'txt',
  'text/markdown': 'txt',
  'application/json': 'json',
};

/**
 * Magic bytes first (a PDF named .txt is still a PDF), then the file name's extension, then the
 * declared content type. Office files encrypted with a password are OLE compound files, not zips.
 */
export function detectFormat(bytes: Buffer, fileName: string, contentType?: string): DetectedFormat {
  const hinted = formatFromName(fileName, contentType);
  // %PDF may follow a little junk (some producers prepend bytes); readers accept it within the first 1 KB.
  if (bytes.subarray(0, 1024).includes('%PDF-')) return { format: 'pdf' };
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    const entries = readZipDirectory(bytes);
    if (entries?.some((e) => e.name === 'word/document.xml')) return { format: 'docx' };
    if (hinted === 'docx') return { format: 'docx' }; // a broken docx: let the parser report it as corrupt
    return { format: 'unknown', refuse: 'unsupported', message: 'zip archive that is not a Word (.docx) document' };
  }
  if (bytes.subarray(0, 8).equals(OLE_MAGIC)) {
    if (hinted === 'docx') {
      return {
        format: 'docx',
        refuse: 'encrypted',
        message: 'password-protected Word document (encrypted OLE container)',
      };
    }
    return {
      format: 'unknown',
      refuse: 'unsupported',
      message: 'legacy Office (OLE) file such as .doc; save it as .docx or PDF',
    };
  }
  const head = bytes
    .subarray(0, 2048)
    .toString('latin1')
    .replace(/^\uFEFF|^\xEF\xBB\xBF/, '')
    .trimStart()
    .toLowerCase();
  if (
    head.startsWith('<!doctype html') ||
    head.startsWith('<html') ||
    (head.startsWith('<?xml') && head.includes('<html'))
  )
    return { format: 'html' };
  if (hinted) return { format: hinted };
  if ((head.startsWith('{') || head.startsWith('[')) && !looksBinary(bytes)) return { format: 'json' };
  if (/<(head|body|title|p|div)[\s>]/.test(head)) return { format: 'html' };
  if (!looksBinary(bytes)) return { format: 'txt' };
  return {
    format: 'unknown',
    refuse: 'unsupported',
    message: `unrecognised file type for ${fileName}${contentType ? ` (${contentType})` : ''}`,
  };
}

/** The format the file name's extension, else the content type, claims. */
export function formatFromName(fileName: string, contentType?: string): ExtractionFormat | undefined {
  return (
    byExtension[path.extname(fileName).toLowerCase()] ??
    byContentType[(contentType ?? '').split(';')[0]!.trim().toLowerCase()]
  );
}

/** NUL bytes in the first KB are a strong sign of a binary format (UTF-16 text starts with a BOM). */
function looksBinary(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 1024);
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return false;
  return head.includes(0);
}
