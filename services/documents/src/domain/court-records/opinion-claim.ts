import type { ListedOpinion, RecognisedOpinions } from './court-record';
import { documentScore, looksLikeCaseName } from './opinion-fields';

/**
 * Whether what the listing recogniser read is opinions a court published rather than an ordinary
 * filing's dated links (an agency's order citing the comments it received): a page of one opinion
 * names its case ("X v. Y", "In re X") and its date or docket; a listing names cases or dockets, or
 * links dated documents (an attorney general's opinions), in at least half of its items. Undefined
 * when it does not, so the file is imported as it is.
 */
export function convincingOpinions(record: RecognisedOpinions): RecognisedOpinions | undefined {
  const { opinions } = record;
  if (opinions.length === 0) return undefined;
  if (opinions.length === 1) {
    const [only] = opinions as [ListedOpinion];
    return looksLikeCaseName(only.caseName) && (only.date !== '' || only.docketNumber !== '') ? record : undefined;
  }
  const named = opinions.filter(isNamed).length;
  return named >= 2 && named * 2 >= opinions.length ? record : undefined;
}

function isNamed(opinion: ListedOpinion): boolean {
  if (looksLikeCaseName(opinion.caseName) || opinion.docketNumber !== '') return true;
  // A dated link to a document file (a PDF, not a page of the site).
  return opinion.date !== '' && documentScore(opinion.url, '') >= 4;
}
