import { acmsDocketRecogniser } from '../../../src/domain/court-records/acms-docket';
import type { RecognisedDocket } from '../../../src/domain/court-records/court-record';

// Invented cases in the shape ACMS exports: caseDetails with the parties as an HTML table, and
// docketInfo.docketEntries with HTML docket text.
const PARTY_CELL = "<td width='30%' style='padding-bottom: 20px;'>";
const COUNSEL_CELL = "<td style='padding-bottom: 20px;'>";

function acmsFile(caseDetails: Record<string, unknown>, docketEntries: unknown[], fileName = 'docket.acms_json') {
  const json = {
    caseDetails: { caseId: 'a1b2c3', ...caseDetails },
    docketInfo: { isCaseSealed: false, docketEntries },
  };
  return { fileName, bytes: Buffer.from(JSON.stringify(json, null, 2)) };
}

function entry(entryNumber: number | null, endDate: string, docketEntryText: string) {
  return {
    endDate,
    endDateFormatted: endDate.replace(/^(\d+)-(\d+)-(\d+)$/, '$2/$3/$1'),
    entryNumber,
    docketEntryText,
    documentCount: 1,
  };
}

function read(file: { fileName: string; bytes: Buffer }): RecognisedDocket {
  const record = acmsDocketRecogniser.recognise(file);
  if (record?.kind !== 'docket') throw new Error('not read as a docket');
  return record;
}

const ORCHARD_PARTIES =
  "<table width='100%'><tr>" +
  `${PARTY_CELL} PERPETUA ORCHARD-VALE<br>&nbsp;&nbsp;&nbsp;&nbsp;AKA Pet Vale, ` +
  `<br>&nbsp;&nbsp;&nbsp;&nbsp;Plaintiff - Appellant, </td>` +
  `${COUNSEL_CELL}<div>Ms. Ilsa Brandmoor, Attorney<br>Direct: 555-010-2000<br>Email: ibrandmoor@example.com<br>` +
  `[Retained]<br>Brandmoor &amp; Quill LLP<br>12 Lantern Row<br>Burlington, VT 05400</div>` +
  '<div><p>&nbsp;</p></div>' +
  `<div>Otto Reyne, Counsel<br>Email: oreyne@example.com<br>[Pro Bono]<br>Reyne Clinic<br>4 Mill Lane<br>` +
  `Rutland, VT 05700</div><div><p>&nbsp;</p></div></td></tr>` +
  `<tr>${PARTY_CELL} GRANITE HOLLOW TIMBER CO.<br>&nbsp;&nbsp;&nbsp;&nbsp;Defendant - Appellee </td>` +
  `${COUNSEL_CELL}<div style='margin-bottom: 10px'>Wendell Asquith<br>Email: wa@example.org<br>[Retained]<br>` +
  `Asquith Partners<br>9 Quarry Road<br>Montpelier, VT 05600</div></td></tr></table>`;

describe('ACMS docket recogniser', () => {
  it('reads a docket whole: header, parties with counsel, entries', () => {
    const docket = read(
      acmsFile(
        {
          caseNumber: '24-9031',
          name: 'Orchard-Vale v. Granite Hollow Timber Co.',
          caseOpened: '2024-02-14',
          receivedDate: '2024-02-15T02:10:00Z',
          partyAttorneyList: ORCHARD_PARTIES,
          court: { name: 'D. Vt. (BURLINGTON)', identifier: 'D. Vt.' },
          caseType: 'Civil',
          caseSubType: 'Private',
          caseSubSubType: null,
          feeStatus: 'Paid',
        },
        [
          entry(
            2,
            '2024-02-14',
            '<p><strong>DISTRICT COURT JUDGMENT</strong>, dated 02/01/2024, RECEIVED. ' +
              '[Entered: 02/14/2024 09:05 AM]</p>',
          ),
          entry(
            1,
            '2024-02-13',
            '<p>NOTICE OF CIVIL APPEAL, on behalf of Appellant Perpetua Orchard-Vale, ' +
              'FILED.<br />\nFee paid&nbsp;in full. [Entered: 02/14/2024 09:01 AM]</p>',
          ),
          entry(null, '2024-02-20', '<p>Clerk&#39;s note: <a href="https://example.com/notes">see notes</a></p>'),
        ],
      ),
    );

    expect(docket).toMatchObject({
      kind: 'docket',
      format: 'acms',
      courtId: 'ca2', // from the originating district, D. Vt.
      docketNumber: '24-9031',
      caseName: 'Orchard-Vale v. Granite Hollow Timber Co.',
      dateFiled: '2024-02-14', // the day the case opened, not the UTC receipt instant
      dateTerminated: '',
      natureOfSuit: 'Civil, Private',
      assignedTo: '',
    });
    expect(docket.parties).toEqual([
      {
        name: 'PERPETUA ORCHARD-VALE',
        role: 'Plaintiff - Appellant',
        dateTerminated: '',
        attorneys: [
          {
            name: 'Ms. Ilsa Brandmoor, Attorney',
            contact:
              'Direct: 555-010-2000\nEmail: ibrandmoor@example.com\nBrandmoor & ' +
              'Quill LLP\n12 Lantern Row\nBurlington, VT 05400',
            roles: ['Retained'],
          },
          {
            name: 'Otto Reyne, Counsel',
            contact: 'Email: oreyne@example.com\nReyne Clinic\n4 Mill Lane\nRutland, VT 05700',
            roles: ['Pro Bono'],
          },
        ],
      },
      {
        name: 'GRANITE HOLLOW TIMBER CO.',
        role: 'Defendant - Appellee',
        dateTerminated: '',
        attorneys: [
          {
            name: 'Wendell Asquith',
            contact: 'Email: wa@example.org\nAsquith Partners\n9 Quarry Road\nMontpelier, VT 05600',
            roles: ['Retained'],
          },
        ],
      },
    ]);
    // In the export's order; plain text with entities decoded and whitespace collapsed.
    expect(docket.entries).toEqual([
      {
        number: '2',
        dateFiled: '2024-02-14',
        dateEntered: '2024-02-14',
        description: 'DISTRICT COURT JUDGMENT, dated 02/01/2024, RECEIVED. [Entered: 02/14/2024 09:05 AM]',
      },
      {
        number: '1',
        dateFiled: '2024-02-13',
        dateEntered: '2024-02-14',
        description:
          'NOTICE OF CIVIL APPEAL, on behalf of Appellant Perpetua Orchard-Vale, FILED. Fee paid in full. ' +
          '[Entered: 02/14/2024 09:01 AM]',
      },
      { number: '', dateFiled: '2024-02-20', dateEntered: '', description: "Clerk's note: see notes" },
    ]);
  });

  it('knows the court from its own web address or rules in the docket text, ahead of the originating court', () => {
    const petitioner = `${PARTY_CELL} TOBIAS QUENBY<br>&nbsp;Petitioner, </td>`;
    const docket = read(
      acmsFile(
        {
          caseNumber: '25-417',
          name: 'Quenby v. Ardent',
          caseOpened: '2025-03-03',
          court: { name: 'Board of Immigration Appeals', identifier: '95' },
          districtCourtName: 'Burlington Vermont', // would say ca2 on its own
          partyAttorneyList: `<table><tr>${petitioner}${COUNSEL_CELL}</td></tr></table>`,
          caseClosed: '2025-06-30',
        },
        [
          entry(
            1,
            '2025-03-03',
            '<p>CASE OPENED. See the <a href="https://www.ca9.uscourts.gov/guides/">guides</a>. ' +
              '[Entered: 03/03/2025 10:00 AM]</p>',
          ),
          entry(2, '2025-03-04', '<p>Briefs are due under 9th Cir. R. 31-2.1. [Entered: 03/04/2025 10:00 AM]</p>'),
        ],
      ),
    );
    expect(docket.courtId).toBe('ca9');
    expect(docket.dateTerminated).toBe('2025-06-30');
    expect(docket.parties).toEqual([{ name: 'TOBIAS QUENBY', role: 'Petitioner', attorneys: [], dateTerminated: '' }]);
  });

  it('leaves the court unknown when nothing in the docket names it', () => {
    const docket = read(
      acmsFile({ caseNumber: '25-1', name: 'A v. B', court: { name: 'Board of Immigration Appeals' } }, []),
    );
    expect(docket.courtId).toBe('');
    expect(docket.entries).toEqual([]);
  });

  it('claims ACMS JSON by its shape, whatever the file is called', () => {
    const file = acmsFile(
      { caseNumber: '24-77', name: 'Lark v. Moss' },
      [entry(1, '2024-01-02', '<p>Filed.</p>')],
      'export.json',
    );
    expect(read(file).docketNumber).toBe('24-77');
  });

  it('refuses JSON that is not an ACMS docket, and files that are not JSON', () => {
    const other = {
      fileName: 'docket.acms_json',
      bytes: Buffer.from(JSON.stringify({ docket_number: '24-77', entries: [] })),
    };
    const array = { fileName: 'docket.json', bytes: Buffer.from('[{"caseDetails": {}}]') };
    const pdf = { fileName: 'docket.acms_json', bytes: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n') };
    const html = {
      fileName: 'docket.html',
      bytes: Buffer.from('<html><body><table><tr><td>24-77</td></tr></table></body></html>'),
    };
    for (const file of [other, array, pdf, html]) expect(acmsDocketRecogniser.recognise(file)).toBeUndefined();
  });

  it('refuses JSON with the ACMS keys but not their shape', () => {
    const noEntries = {
      fileName: 'a.acms_json',
      bytes: Buffer.from(
        JSON.stringify({ caseDetails: { caseNumber: '24-1' }, docketInfo: { docketEntries: 'none' } }),
      ),
    };
    const noNumber = {
      fileName: 'b.acms_json',
      bytes: Buffer.from(JSON.stringify({ caseDetails: { name: 'A v. B' }, docketInfo: { docketEntries: [] } })),
    };
    const truncated = {
      fileName: 'c.acms_json',
      bytes: Buffer.from('{"caseDetails": {"caseNumber": "24-1", "name": "A v. B"}, "docketInfo": {"docketEn'),
    };
    for (const file of [noEntries, noNumber, truncated]) expect(acmsDocketRecogniser.recognise(file)).toBeUndefined();
  });

  it('reads what it can of damaged fields instead of failing', () => {
    const docket = read(
      acmsFile({ caseNumber: 2417, name: null, caseOpened: '2024-02-30', partyAttorneyList: 42 }, [
        null,
        'text',
        { entryNumber: 3, endDate: 'soon', docketEntryText: null },
      ]),
    );
    expect(docket).toMatchObject({ docketNumber: '2417', caseName: '', dateFiled: '', parties: [] });
    expect(docket.entries).toEqual([{ number: '3', dateFiled: '', dateEntered: '', description: '' }]);
  });
});
