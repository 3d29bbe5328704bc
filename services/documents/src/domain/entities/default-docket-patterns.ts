import type { DocketPattern } from './entity-mention';

/**
 * Docket-number patterns of common sources, for callers without their own source table (tests, bench,
 * the default corpus). The lead's Source model can carry the same strings.
 */
export const DEFAULT_DOCKET_PATTERNS: DocketPattern[] = [
  // FERC: ER24-1234-000, RP23-567-001, AD25-7-000 (sub-docket optional).
  {
    sourceId: 'ferc',
    pattern: /\b(?:AC|AD|CP|EC|EG|EL|EP|ER|ES|IN|IS|NJ|OA|OR|PF|PL|QF|RD|RM|RP|RR|TS|TX)\d{2}-\d{1,5}(?:-\d{3})?\b/,
  },
  // CPUC proceedings: A.24-01-012, R.22-07-005, C.23-10-001, I.19-11-013, P.20-02-002.
  { sourceId: 'cpuc', pattern: /\b[ACIPR]\.\d{2}-\d{2}-\d{3}\b/ },
  // New York PSC cases: 24-E-0165.
  { sourceId: 'nypsc', pattern: /\b\d{2}-[A-Z]-\d{4}\b/ },
  // Kentucky PSC cases (2025-00123) and Indiana IURC causes (45990): digit-only shapes, so only after "Case No." etc.
  { sourceId: 'kypsc', pattern: /\b\d{4}-\d{5}\b/ },
  { sourceId: 'iurc', pattern: /\b\d{5}\b/ },
  // Pennsylvania PUC: R-2025-3051234, P-2024-3049871.
  { sourceId: 'papuc', pattern: /\b[A-Z]-\d{4}-\d{7}\b/ },
  // Federal district courts: 1:23-cv-04567, 3:24-cv-01877-JST.
  { sourceId: 'us-district-courts', pattern: /\b\d:\d{2}-(?:cv|cr|bk|mc|md|ap)-\d{3,5}(?:-[A-Z]{2,4})?\b/ },
  // Courts of appeals: "No. 22-1234", "Nos. 22-1234 and 22-1240", "Nos. 22-1234, 22-1235".
  {
    sourceId: 'us-courts-of-appeals',
    pattern: /(?=\d{2}-)(?<=\bNos?\.\s?(?:\d{2}-\d{3,5}(?:,\s|,?\sand\s|\s&\s))*)(?<number>\d{2}-\d{3,5})\b(?!-)/,
  },
  // regulations.gov / Federal Register docket ids: EPA-HQ-OAR-2021-0317, EPA-R09-OAR-2025-0411, PHMSA-2025-0042.
  { sourceId: 'regulations-gov', pattern: /\b[A-Z]{2,6}(?:-[A-Z0-9]{2,6}){0,2}-\d{4}-\d{4}\b/ },
];
