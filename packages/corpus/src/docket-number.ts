/**
 * Docket numbers from a source's template: produce them, derive the regex that matches them, make a
 * "raw" variant as a listing might print it, and normalise a raw variant back. Normalising ignores
 * case and punctuation and re-inserts the template's separators, so `A1904012`, `a. 19-04-012` and
 * `Docket No. A.19-04-012` all become `A.19-04-012`.
 */
import type { DocketFormat, Industry } from './model';
import type { Rng } from './random';

type Segment =
  | { kind: 'literal'; text: string }
  | { kind: 'code'; name: 'P' | 'K' }
  | { kind: 'digits'; name: 'YYYY' | 'YY' | 'MM' | 'N' | 'D'; width: number };

const tokenPattern = /\{(P|K|YYYY|YY|MM|N[3-7]|D)\}/g;
const compiled = new Map<string, Segment[]>();

function segmentsOf(template: string): Segment[] {
  const cached = compiled.get(template);
  if (cached) return cached;
  const out: Segment[] = [];
  let last = 0;
  for (const match of template.matchAll(tokenPattern)) {
    if (match.index > last) out.push({ kind: 'literal', text: template.slice(last, match.index) });
    const token = match[1] as string;
    if (token === 'P' || token === 'K') out.push({ kind: 'code', name: token });
    else if (token === 'YYYY') out.push({ kind: 'digits', name: 'YYYY', width: 4 });
    else if (token === 'YY' || token === 'MM') out.push({ kind: 'digits', name: token, width: 2 });
    else if (token === 'D') out.push({ kind: 'digits', name: 'D', width: 1 });
    else out.push({ kind: 'digits', name: 'N', width: Number(token.slice(1)) });
    last = match.index + match[0].length;
  }
  if (last < template.length) out.push({ kind: 'literal', text: template.slice(last) });
  compiled.set(template, out);
  return out;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function codesOf(format: DocketFormat, name: 'P' | 'K'): string[] {
  const codes = format.codes?.[name];
  if (!codes || codes.length === 0) throw new Error(`docket template ${format.template} uses {${name}} without codes`);
  return codes;
}

/** Anchored regex source matching every normalised number of this format. */
export function docketPatternOf(format: DocketFormat): string {
  const body = segmentsOf(format.template)
    .map((segment) => {
      if (segment.kind === 'literal') return escapeRegex(segment.text);
      if (segment.kind === 'code') return `(?:${codesOf(format, segment.name).map(escapeRegex).join('|')})`;
      return `\\d{${segment.width}}`;
    })
    .join('');
  return `^${body}$`;
}

/** A new number for a docket opened on `opened`. */
export function formatDocketNumber(
  format: DocketFormat,
  rng: Rng,
  opened: Date,
  industry: Industry,
  caseType = '',
): string {
  const year = opened.getUTCFullYear();
  const month = opened.getUTCMonth() + 1;
  return segmentsOf(format.template)
    .map((segment) => {
      if (segment.kind === 'literal') return segment.text;
      if (segment.kind === 'code') {
        const all = codesOf(format, segment.name);
        const byIndustry = segment.name === 'P' ? format.industryCodes?.[industry] : undefined;
        const byCase = format.caseTypeCodes?.[segment.name]?.[caseType];
        const both = byCase?.filter((code) => !byIndustry || byIndustry.includes(code));
        const fitting = both && both.length > 0 ? both : byIndustry && byIndustry.length > 0 ? byIndustry : all;
        return rng.pick(fitting);
      }
      switch (segment.name) {
        case 'YYYY':
          return String(year);
        case 'YY':
          return String(year % 100).padStart(2, '0');
        case 'MM':
          return String(month).padStart(2, '0');
        case 'D':
          return String(rng.int(1, 5));
        default: {
          // Sequence numbers grow through the year, as they do in real registers.
          const max = Math.min(10 ** segment.width - 1, 10 ** (segment.width - 1) * 9);
          const dayOfYear = (opened.getTime() - Date.UTC(year, 0, 1)) / 86_400_000;
          const base = Math.floor((dayOfYear / 366) * max * 0.6);
          return String(Math.min(max, base + rng.int(1, Math.max(2, Math.floor(max * 0.05))))).padStart(
            segment.width,
            '0',
          );
        }
      }
    })
    .join('');
}

/** How a listing or a filer might write the number. */
export function rawDocketVariant(number: string, rng: Rng): string {
  switch (rng.int(0, 5)) {
    case 0:
      return `Docket No. ${number}`;
    case 1:
      return number.toLowerCase();
    case 2:
      return number.replace(/[.\-/ ]/g, '');
    case 3:
      return number.replace(/-/g, ' - ');
    default:
      return number;
  }
}

const leadIn = /^\s*(?:(?:docket|case|proceeding|application|project|control)\s*(?:no\.?|number|#)?\s*:?\s*)+/i;

/** The normalised form of `raw`, or null when it cannot be a number of this format. */
export function normaliseDocketNumber(format: DocketFormat, raw: string): string | null {
  const compact = raw
    .replace(leadIn, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
  const segments = segmentsOf(format.template);

  // Backtracking walk: codes may differ in length (e.g. Colorado "A" vs "AL").
  const walk = (segmentIndex: number, position: number): string | null => {
    if (segmentIndex === segments.length) return position === compact.length ? '' : null;
    const segment = segments[segmentIndex] as Segment;
    if (segment.kind === 'literal') {
      const letters = segment.text.toUpperCase().replace(/[^A-Z0-9]/g, '');
      if (compact.startsWith(letters, position)) {
        const rest = walk(segmentIndex + 1, position + letters.length);
        return rest === null ? null : segment.text + rest;
      }
      return null;
    }
    if (segment.kind === 'code') {
      const codes = [...codesOf(format, segment.name)].sort((a, b) => b.length - a.length);
      for (const code of codes) {
        const letters = code.toUpperCase().replace(/[^A-Z0-9]/g, '');
        if (!compact.startsWith(letters, position)) continue;
        const rest = walk(segmentIndex + 1, position + letters.length);
        if (rest !== null) return code + rest;
      }
      return null;
    }
    const digits = compact.slice(position, position + segment.width);
    if (digits.length !== segment.width || !/^\d+$/.test(digits)) return null;
    const rest = walk(segmentIndex + 1, position + segment.width);
    return rest === null ? null : digits + rest;
  };
  return walk(0, 0);
}
