import { nameKey } from '@docket/query-language';
import type { AnalysedDocument } from '../analysis-model';

/** A filing's caption names its proceeding ("In the Matter of Application of X for Authority …."). */
const CAPTION = /^In the Matter of (.{10,300}?)\.?\s*$/m;
/** Who opened the proceeding, as its caption says: "(Joint) Application of X (and Y) for …", "Petition of X to …". */
const OPENED_BY = new RegExp(
  String.raw`^(?:the\s+)?(?:joint\s+)?(?:application|petition|complaint|request|filing)\s+of\s+(.+?)\s+` +
    String.raw`(?:for|to|regarding|seeking|requesting|concerning)\b`,
  'i',
);

/** The proceeding as the filing's caption names it ('' when its opening has none). */
export function captionOf(document: AnalysedDocument): string {
  return CAPTION.exec(document.text.slice(0, 800))?.[1]?.trim() ?? '';
}

/** Who the caption says opened the proceeding, as it writes the name(s) ('' when it does not say). */
export function captionOpener(caption: string): string {
  if (OPENED_BY_COMMISSION.test(caption)) return '';
  return OPENED_BY.exec(caption)?.[1]?.trim() ?? '';
}

/** A proceeding the commission opened itself: a rulemaking, an investigation, a generic inquiry. */
const OPENED_BY_COMMISSION = new RegExp(
  String.raw`^(?:an?\s+|the\s+)?(?:order instituting|rulemaking|investigation|inquiry|generic proceeding|` +
    String.raw`proceeding to (?:examine|consider|investigate|review)|commission['’]s own motion)\b`,
  'i',
);

/** The mark captionApplicants gives a proceeding the commission opened: no party's own case. */
export const COMMISSION_OPENED = '\u27e8commission\u27e9';

/**
 * The name keys of those the caption says opened the proceeding, COMMISSION_OPENED for a
 * rulemaking or investigation, none when it does not say.
 */
export function captionApplicants(caption: string): string[] {
  if (OPENED_BY_COMMISSION.test(caption)) return [COMMISSION_OPENED];
  const names = OPENED_BY.exec(caption)?.[1];
  return names
    ? names
        .split(/\s+and\s+|,\s+(?!inc\b|llc\b|l\.?p\b|co\b)/i)
        .map(nameKey)
        .filter((key) => key !== '')
    : [];
}
