import type { ExtractedContent } from './extraction.types';
import { decodeText } from './text-decoding';

/** Plain text; form feeds (as written by pdftotext and line printers) separate pages. */
export function extractTxt(bytes: Buffer): ExtractedContent {
  const { text, encoding } = decodeText(bytes);
  const pageTexts = text.includes('\f') ? text.split('\f') : [text];
  // A trailing form feed ends the last page rather than starting an empty one.
  if (pageTexts.length > 1 && pageTexts.at(-1)!.trim() === '') pageTexts.pop();
  return { pageTexts, metadata: { encoding } };
}
