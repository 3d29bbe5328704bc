import { load } from 'cheerio';
import type { AnyNode } from 'domhandler';
import type { ExtractedContent } from './extraction.types';
import { decodeText } from './text-decoding';

// Not part of the readable text: code, styling, navigation chrome and embedded objects.
const SKIPPED = new Set([
  'head',
  'script',
  'style',
  'noscript',
  'template',
  'nav',
  'svg',
  'canvas',
  'iframe',
  'object',
  'embed',
  'button',
  'select',
  'option',
]);
// Elements that start a new paragraph.
const PARAGRAPH = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'aside',
  'header',
  'footer',
  'blockquote',
  'pre',
  'figure',
  'figcaption',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'dl',
  'table',
  'hr',
  'address',
  'fieldset',
  'details',
  'summary',
  'center',
]);
// Elements that start a new line within a paragraph.
const LINE = new Set(['li', 'tr', 'dt', 'dd', 'caption', 'option']);
const CELL = new Set(['td', 'th']);
const META_FIELDS = new Set([
  'description',
  'author',
  'keywords',
  'date',
  'dc.title',
  'dc.date',
  'dc.creator',
  'dc.publisher',
  'generator',
]);

/** Readable text of an HTML page: headings and paragraphs kept as paragraphs, entities decoded, chrome dropped. */
export function extractHtml(bytes: Buffer): ExtractedContent {
  const { text: source, encoding } = decodeText(bytes);
  const $ = load(source);
  // Output with pending line breaks: block boundaries ask for 1 or 2 newlines, and adjacent
  // boundaries (</li><li>, </p><h2>) merge instead of stacking up.
  let out = '';
  let pending = 0;
  const emit = (chunk: string) => {
    if (pending > 0) {
      chunk = chunk.replace(/^\s+/, '');
      if (!chunk) return;
      if (out) out = out.replace(/[ \t]+$/, '') + '\n'.repeat(pending);
      pending = 0;
    }
    out += chunk;
  };
  const walk = (node: AnyNode, preformatted: boolean): void => {
    if (node.type === 'text') {
      emit(preformatted ? node.data : node.data.replace(/\s+/g, ' '));
      return;
    }
    if (node.type !== 'tag' && node.type !== 'root') return; // comments, directives, script/style nodes
    if (node.type === 'tag') {
      const name = node.name.toLowerCase();
      if (SKIPPED.has(name) || node.attribs.hidden !== undefined || node.attribs['aria-hidden'] === 'true') return;
      if (name === 'br') {
        pending = Math.min(2, pending + 1);
        if (!out) pending = 0;
        return;
      }
      const breaks = PARAGRAPH.has(name) ? 2 : LINE.has(name) ? 1 : 0;
      if (CELL.has(name)) emit(' ');
      pending = Math.max(pending, breaks);
      for (const child of node.children) walk(child, preformatted || name === 'pre' || name === 'textarea');
      pending = Math.max(pending, breaks);
      return;
    }
    for (const child of node.children) walk(child, preformatted);
  };
  const body = $('body')[0];
  walk(body ?? $.root()[0]!, false);
  const text = out.replace(/[ \t]*\n[ \t]*/g, '\n').replace(/[ \t]{2,}/g, ' ');

  const metadata: Record<string, string> = { encoding };
  $('meta[name]').each((_, el) => {
    const name = ($(el).attr('name') ?? '').toLowerCase();
    const content = ($(el).attr('content') ?? '').trim();
    if (META_FIELDS.has(name) && content) metadata[name] = content;
  });
  const title = squash($('title').first().text()) || squash($('h1').first().text()) || undefined;
  const declaredLanguage = ($('html').attr('lang') ?? '').trim().split(/[-_]/)[0]?.toLowerCase() || undefined;
  return { pageTexts: [text], title, metadata, declaredLanguage };
}

function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
