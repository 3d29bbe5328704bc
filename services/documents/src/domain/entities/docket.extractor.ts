import type { DocketPattern } from './entity-mention';
import type { Candidate } from './organisation.extractor';

function compile(pattern: RegExp | string): RegExp {
  const source = typeof pattern === 'string' ? pattern : pattern.source;
  const flags = typeof pattern === 'string' ? '' : pattern.flags.replace(/[gyd]/g, '');
  return new RegExp(source, `${flags}gd`);
}

/** Docket numbers by each source's pattern; a named group `number` narrows the span, the source id is the value. */
export function extractDockets(text: string, patterns: DocketPattern[]): (Candidate & { value: string })[] {
  const found: (Candidate & { value: string })[] = [];
  for (const { sourceId, pattern } of patterns) {
    const regex = compile(pattern);
    let match: RegExpExecArray | null;
    while ((match = regex.exec(text)) !== null) {
      if (match[0].length === 0) {
        regex.lastIndex++;
        continue;
      }
      const span = match.indices?.groups?.number ?? match.indices?.[0];
      if (!span) continue;
      const [start, end] = span;
      found.push({ kind: 'docket', text: text.slice(start, end), start, end, value: sourceId });
    }
  }
  return found;
}
