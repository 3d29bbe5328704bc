import mammoth from 'mammoth';
import { ExtractionError, type ExtractedContent, type ExtractorContext } from './extraction.types';
import { readZipDirectory, readZipEntry, type ZipEntry } from './zip-directory';

/** A .docx may inflate to this many times the file size limit before we call it a zip bomb. */
export const DOCX_EXPANSION_FACTOR = 20;

const CORE_FIELDS: Record<string, string> = {
  'dc:creator': 'author',
  'dc:subject': 'subject',
  'dc:description': 'description',
  'cp:keywords': 'keywords',
  'cp:lastModifiedBy': 'lastModifiedBy',
  'dcterms:created': 'created',
  'dcterms:modified': 'modified',
};

/** Raw text of a Word document (mammoth), with title and authorship from docProps/core.xml. */
export async function extractDocx(bytes: Buffer, context: ExtractorContext): Promise<ExtractedContent> {
  const entries = readZipDirectory(bytes);
  if (!entries) throw new ExtractionError('corrupt', 'the .docx is not a readable zip archive (truncated or damaged)');
  if (!entries.some((e) => e.name === 'word/document.xml'))
    throw new ExtractionError('corrupt', 'the .docx has no word/document.xml');
  const expanded = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  const cap = context.limits.maxBytes * DOCX_EXPANSION_FACTOR;
  if (expanded > cap) {
    throw new ExtractionError(
      'too_large',
      `the .docx expands to ${expanded} bytes, over the ${cap}-byte limit (${DOCX_EXPANSION_FACTOR}x maxBytes)`,
    );
  }
  let value: string;
  try {
    ({ value } = await mammoth.extractRawText({ buffer: bytes }));
  } catch (err) {
    throw new ExtractionError('corrupt', `the .docx could not be read: ${(err as Error).message}`);
  }
  const { title, metadata } = coreProperties(bytes, entries);
  return { pageTexts: [value], title, metadata };
}

function coreProperties(bytes: Buffer, entries: ZipEntry[]): { title?: string; metadata: Record<string, string> } {
  const entry = entries.find((e) => e.name === 'docProps/core.xml');
  const xml = entry && entry.uncompressedSize < 1_000_000 ? readZipEntry(bytes, entry)?.toString('utf8') : undefined;
  const metadata: Record<string, string> = {};
  if (!xml) return { metadata };
  const field = (tag: string) => {
    const match = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`).exec(xml);
    return match ? decodeXml(match[1]!).trim() : '';
  };
  for (const [tag, key] of Object.entries(CORE_FIELDS)) {
    const value = field(tag);
    if (value) metadata[key] = value;
  }
  return { title: field('dc:title') || undefined, metadata };
}

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, code: string) => {
    const lower = code.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[lower] ?? '';
  });
}
