/**
 * The filing types every document is given (docs/filing-types.md says the same for readers): each
 * with what it means, so that a filter by type and the readers that look for orders or petitions
 * find what a professional would file under that name. `Other` when a filing fits none.
 */
export const FILING_TYPES = [
  {
    name: 'Decision',
    definition: "The deciding body's ruling on the merits, which resolves the proceeding or one of its main issues.",
    examples: [
      'Decision',
      'Final Order',
      'Order Approving Settlement',
      'Opinion',
      'Opinion and Order',
      'Proposed Decision',
      'Judgment',
    ],
  },
  {
    name: 'Order',
    definition: 'A procedural or interim directive that moves the proceeding along without deciding its merits.',
    examples: [
      'Order Setting Procedural Schedule',
      'Letter Order Granting Petitions to Intervene',
      'Ruling on Confidential Treatment',
      'Minute Order',
      'Clerk Order',
      'Order on Rehearing',
    ],
  },
  {
    name: 'Testimony',
    definition: 'Evidence given by a witness under oath, written or transcribed.',
    examples: ['Direct Testimony', 'Rebuttal Testimony', 'Declaration', 'Affidavit', 'Expert Report', 'Exhibit'],
  },
  {
    name: 'Comment',
    definition:
      'Views a participant or the public puts on the record without formal legal argument, and correspondence.',
    examples: ['Comments', 'Reply Comments', 'Public Comment', 'Protest', 'Letter'],
  },
  {
    name: 'Stipulation',
    definition: 'An agreement between parties put before the deciding body.',
    examples: ['Stipulation', 'Settlement Agreement', 'Offer of Settlement'],
  },
  {
    name: 'Tariff',
    definition: 'Rates, rate schedules and terms of service, and their revisions.',
    examples: ['Tariff Filing', 'Advice Letter', 'Compliance Filing', 'Tariff Sheets', 'Tariff Supplement'],
  },
  {
    name: 'Notice',
    definition: 'An announcement or a record of an event in the proceeding.',
    examples: [
      'Notice of Hearing',
      'Notice of Appearance',
      'Errata Notice',
      'Statement of Issues',
      'Certificate of Service',
      'Summons',
      'Transcript',
    ],
  },
  {
    name: 'Motion',
    definition:
      'A request for a ruling within a proceeding already open, including requests to join it or to rehear it.',
    examples: [
      'Motion to Dismiss',
      'Motion for Summary Judgment',
      'Petition to Intervene',
      'Motion to Intervene',
      'Request for Rehearing',
    ],
  },
  {
    name: 'Brief',
    definition: 'Written legal argument or a formal response on the issues.',
    examples: [
      'Initial Brief',
      'Reply Brief',
      'Amicus Brief',
      'Brief on Exceptions',
      'Memorandum in Opposition',
      'Answer',
      'Response',
    ],
  },
  {
    name: 'Application',
    definition: 'A filing that opens a proceeding or asks for relief in a new one.',
    examples: ['Application', 'Petition for Approval', 'Complaint', 'Petition for Review', 'Voluntary Petition'],
  },
  {
    name: 'Other',
    definition: 'A filing none of the types above describes.',
    examples: [],
  },
] as const;

export const FILING_CATEGORIES = FILING_TYPES.map((type) => type.name);
export type FilingCategoryName = (typeof FILING_TYPES)[number]['name'];
