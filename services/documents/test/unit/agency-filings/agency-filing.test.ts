import { readAgencyFiling } from '../../../src/domain/agency-filings/agency-filing';

// Invented agencies, dockets and parties, in the shapes agency filings' first pages take (as PDF text
// extraction gives them: one line per printed line).

const NY_PATTERN = '^\\d{2}-[A-Z]-\\d{4}$';

const COMMENTS = `STATE OF NEW YORK
PUBLIC SERVICE COMMISSION
Proceeding on Motion of the Commission as to the Rates, Charges, Rules and
Regulations of Lakeside Gas and Electric Corporation for Electric Service.
Case 24-E-0165
REPLY COMMENTS OF CITIZENS FOR CLEAN AIR
ON THE JOINT PROPOSAL
Dated: March 3, 2025
Citizens for Clean Air submits these reply comments on the joint proposal filed on February 1, 2025 in Case 24-E-0166.`;

const TESTIMONY = `BEFORE THE FEDERAL ENERGY REGULATORY COMMISSION
Northwind Transmission, L.L.C.        Docket No. ER24-1234-000
DIRECT TESTIMONY OF JANE Q. ROWAN
ON BEHALF OF THE INDEPENDENT MARKET MONITOR
May 14, 2024
Q. Please state your name and business address.`;

const ORDER = `BEFORE THE PUBLIC UTILITY COMMISSION OF EXAMPLE
In the Matter of the Application of Harbor Water Company for a General Rate Increase.
Docket No. W-2024-0117
ORDER APPROVING SETTLEMENT
Issued and effective: June 30, 2025
The Commission approves the settlement of the rate case filed on January 5, 2025.`;

describe('readAgencyFiling', () => {
  it("reads the docket by the source's pattern, the labelled day, the heading and its filer", () => {
    expect(readAgencyFiling([COMMENTS], NY_PATTERN)).toEqual({
      docketNumber: '24-E-0165',
      date: '2025-03-03',
      filer: 'Citizens for Clean Air',
      title: 'Reply Comments of Citizens for Clean Air on the Joint Proposal',
    });
  });

  it('takes the filer a heading names on whose behalf, and a day standing alone under it', () => {
    expect(readAgencyFiling([TESTIMONY], '^(?:ER|EL)\\d{2}-\\d{1,5}(?:-\\d{3})?$')).toEqual({
      docketNumber: 'ER24-1234-000',
      date: '2024-05-14',
      filer: 'Independent Market Monitor',
      title: 'Direct Testimony of Jane Q. Rowan on Behalf of the Independent Market Monitor',
    });
  });

  it("an agency's own order names no filer; without a pattern a labelled docket number is read", () => {
    expect(readAgencyFiling([ORDER], '')).toEqual({
      docketNumber: 'W-2024-0117',
      date: '2025-06-30',
      filer: '',
      title: 'Order Approving Settlement',
    });
  });

  it('a filer named after OF, cut where the heading goes on; a signature names it when the heading does not', () => {
    const motion =
      `BEFORE THE PUBLIC UTILITY COMMISSION OF EXAMPLE\nDocket No. W-2024-0117\nMOTION OF HARBOR WATER COMPANY FOR ` +
      `LEAVE TO FILE OUT OF TIME\nHarbor Water Company moves for leave.`;
    expect(readAgencyFiling([motion], '').filer).toBe('Harbor Water Company');
    const notice =
      `NOTICE OF HEARING\nA hearing will be held on April 2, 2025.\nRespectfully submitted,\n/s/ Ana Ruiz\nCounsel ` +
      `for Lakeside Gas and Electric Corporation\nDated: March 20, 2025`;
    expect(readAgencyFiling([notice], '')).toMatchObject({
      title: 'Notice of Hearing',
      filer: 'Lakeside Gas and Electric Corporation',
      date: '2025-03-20',
    });
  });

  it('a digits-only pattern is taken only after a cue; a pattern that cannot compile reads no docket', () => {
    const cause =
      `INDIANA UTILITY REGULATORY COMMISSION\nPETITION OF EXAMPLE POWER CO.\nCause No. 45990\nFiled ` +
      `7/1/2025; 12345 customers were served.`;
    expect(readAgencyFiling([cause], '^\\d{5}$')).toMatchObject({
      docketNumber: '45990',
      date: '2025-07-01',
      filer: 'Example Power Co.',
    });
    expect(readAgencyFiling([cause], '([')).toMatchObject({ docketNumber: '' });
  });

  it('pages that say none of it give empty fields', () => {
    expect(readAgencyFiling(['the attached spreadsheet lists the 2024 load data', ''], NY_PATTERN)).toEqual({
      docketNumber: '',
      date: '',
      filer: '',
      title: '',
    });
    expect(readAgencyFiling([], NY_PATTERN)).toEqual({ docketNumber: '', date: '', filer: '', title: '' });
  });
});
