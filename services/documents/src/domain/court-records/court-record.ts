/**
 * What a recogniser reads from a real court document: a docket (a PACER CM/ECF docket report, an
 * ACMS appellate docket) with its header, parties and entries, or the opinions a court's page lists.
 * Dates are calendar days written YYYY-MM-DD ('' when the document does not state one); text is
 * plain (markup, entities and runs of spaces gone).
 */
export interface CourtAttorney {
  name: string;
  /** Firm, address, telephone and e-mail as the docket prints them, one per line. */
  contact: string;
  /** "LEAD ATTORNEY", "ATTORNEY TO BE NOTICED", … */
  roles: string[];
}

export interface CourtParty {
  name: string;
  /** As the docket calls it: "Plaintiff", "Defendant", "Debtor", "Appellant", "Petitioner", … */
  role: string;
  attorneys: CourtAttorney[];
  /** The day the party was terminated from the case, when the docket says. */
  dateTerminated: string;
}

export interface DocketEntry {
  /** The entry's number as the court prints it ('' for an unnumbered entry). */
  number: string;
  dateFiled: string;
  /** The day it was entered on the docket, when the docket says so ("(Entered: 02/06/2017)"). */
  dateEntered: string;
  /** The docket text. */
  description: string;
}

export interface RecognisedDocket {
  kind: 'docket';
  /** Which recogniser read it ("cmecf", "cmecf-appellate", "acms"). */
  format: string;
  /** The court's id as PACER and CourtListener write it ("azd", "ca9", "cit"); '' when unknown. */
  courtId: string;
  /** As the court writes it, without a judge's initials or a defendant's number ("2:17-cr-00378"). */
  docketNumber: string;
  caseName: string;
  assignedTo: string;
  referredTo: string;
  natureOfSuit: string;
  cause: string;
  jurisdiction: string;
  juryDemand: string;
  dateFiled: string;
  dateTerminated: string;
  parties: CourtParty[];
  entries: DocketEntry[];
}

export interface ListedOpinion {
  caseName: string;
  date: string;
  docketNumber: string;
  /** Where the opinion itself is ('' when the page does not link it). */
  url: string;
}

export interface RecognisedOpinions {
  kind: 'opinions';
  format: string;
  courtId: string;
  opinions: ListedOpinion[];
}

export type CourtRecord = RecognisedDocket | RecognisedOpinions;

/** A file as a recogniser sees it: its name and its bytes. */
export interface CourtFile {
  fileName: string;
  bytes: Buffer;
}

/** Claims the files of one kind and reads them; undefined when the file is not of its kind. */
export interface CourtRecogniser {
  format: string;
  recognise(file: CourtFile): CourtRecord | undefined;
}

export function emptyDocket(format: string): RecognisedDocket {
  return {
    kind: 'docket',
    format,
    courtId: '',
    docketNumber: '',
    caseName: '',
    assignedTo: '',
    referredTo: '',
    natureOfSuit: '',
    cause: '',
    jurisdiction: '',
    juryDemand: '',
    dateFiled: '',
    dateTerminated: '',
    parties: [],
    entries: [],
  };
}

/** Where an imported court file (a docket report, an opinion page) came from, and the run it comes in. */
export interface CourtFileContext {
  sourceId: string;
  /** The file's id at its source (its path in the import). */
  sourceDocumentId: string;
  fileName: string;
  path: string;
  /** The file's bytes, when already read. */
  bytes?: Buffer;
  runId?: string;
  createdBy?: string;
}
