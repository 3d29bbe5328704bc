import { cmecfAppellateDocketRecogniser } from '../../../src/domain/court-records/cmecf-appellate-docket';
import type { RecognisedDocket } from '../../../src/domain/court-records/court-record';

// Small invented pages in the layout appellate CM/ECF prints (names, numbers and dates made up).
const INDENT = '&nbsp;'.repeat(20);

function appellatePage(options: { court: string; stub: string; parties?: string; entries: string }): string {
  return `<html><head><title>Docket</title></head><body>
<table width="100%" border="0"><tr><td align="right"></td></tr>
  <tr><td align="center"><b>General Docket<br>
  ${options.court}</b></td></tr></table>
<table width="100%" border="1" cellpadding="4">
<tr><td><table width="100%" border="0">${options.stub}</table></td></tr>
<tr><td><table width="100%" border="0">
  <tr><td colspan="4"><b>Originating Court Information:</b></td></tr>
  <tr><td><b>Date Order/Judgment:</b></td><td><b>Date NOA Filed:</b></td><td><b>Date Rec'd COA:</b></td></tr>
  <tr><td>&nbsp;&nbsp;01/02/2024</td><td>&nbsp;&nbsp;01/09/2024</td><td>&nbsp;&nbsp;01/10/2024</td></tr>
</table></td></tr>
</table>
${options.parties ?? ''}
<table width="100%" border="1" cellpadding="0"><tr><td><table border="0" cellpadding="4">
${options.entries}
</table></td></tr></table>
</body></html>`;
}

const FOURTH_CIRCUIT = appellatePage({
  court: 'United States Court of Appeals for the Fourth Circuit',
  stub: `<tr><td><b>Court of Appeals Docket #: </b>24-1234</td>
      <td valign="top" align="right" rowspan="2"><b>Docketed:</b> 01/12/2024<br><b>Termed:</b> 06/03/2024</td></tr>
    <tr><td>Acme Widgets, Inc. v. Jane Q. Roe</td></tr>
    <tr><td><b>Appeal From:</b> District of Maryland at Baltimore</td></tr>`,
  parties: [
    '<table width="100%" border="1" cellpadding="0"><tr><td><table width="100%" border="0" cellpadding="4">',
    '  <tr><td colspan="2"></td></tr>',
    '  <tr><td valign="top" width="50%">ACME WIDGETS, INC.<br>',
    `${INDENT}Plaintiff&nbsp;-&nbsp;Appellant`,
    '</td><td valign="top" width="50%">',
    'Pat Example<br>Direct: 555-010-1000<br>[COR LD NTC Retained]<br>' +
      'Example &amp; Partners LLP<br>1 Main Street<br>Springfield, MD 21000<br><br>',
    'Lee Sample<br>[COR NTC Retained]<br>Sample Law<br>2 Side Road<br>Springfield, MD 21000</td></tr>',
    '  <tr><td colspan="2">v.<br><br></td></tr>',
    '  <tr><td valign="top" width="50%">JANE Q. ROE<br>',
    `${INDENT}Defendant&nbsp;-&nbsp;Appellee`,
    '</td><td valign="top" width="50%">',
    'Pat Example<br>[COR NTC Retained]<br>(see above)</td></tr>',
    '</table></td></tr></table>',
  ].join('\n'),
  entries: [
    '',
    '  <tr><td valign="top">01/12/2024</td><td valign="top" nowrap>',
    '    <input type="checkbox" name="d" value="111">',
    '    <a href="https://ecf.example/docs1/00401" title="Open Document">&nbsp;1&nbsp;</a>',
    '    <br><font size="-2">3 pg, 94.2 KB</font></td>',
    '    <td width="90%" valign="top">Civil Case Docketed. Notice filed by Appellant Acme Widgets, ' +
      'Inc. [24-1234] (AB) [Entered: 01/12/2024 10:01 AM]</td></tr>',
    '  <tr><td width="10%"> </td><td width="10%"></td><td width="50%"><table border="1"><tr><td>',
    '    <table border="0"><tr><th>Document</th><th>Description</th></tr>',
    '    <tr><td>1</td><td>Main document</td><td>3</td></tr></table></td></tr></table></td></tr>',
    '  <tr><td valign="top">01/15/2024</td><td valign="top" nowrap>',
    '    &nbsp;2&nbsp;',
    '  </td><td width="90%" valign="top">APPEARANCE filed for <i>Appellee</i> Jane Q. Roe<br>' +
      'by Pat Example &amp; co. [24-1234] (PE) [Entered: 01/16/2024 09:30 AM]</td></tr>',
    '  <tr><td valign="top">02/01/2024</td><td valign="top" nowrap>',
    '    <a href="https://ecf.example/docs1/00402" title="Open Document">' +
      '<img src="document.gif" alt="Open Document"></a>',
    '  </td><td width="90%" valign="top">ORDER filed.</td></tr>',
  ].join('\n'),
});

function recognise(html: string | Buffer): RecognisedDocket | undefined {
  const bytes = typeof html === 'string' ? Buffer.from(html, 'utf8') : html;
  return cmecfAppellateDocketRecogniser.recognise({ fileName: 'docket.html', bytes }) as RecognisedDocket | undefined;
}

describe('cmecfAppellateDocketRecogniser', () => {
  it('reads the header, the parties with their attorneys and the entries of a court of appeals docket', () => {
    const docket = recognise(FOURTH_CIRCUIT);
    expect(docket).toMatchObject({
      kind: 'docket',
      format: 'cmecf-appellate',
      courtId: 'ca4',
      docketNumber: '24-1234',
      caseName: 'Acme Widgets, Inc. v. Jane Q. Roe',
      dateFiled: '2024-01-12',
      dateTerminated: '2024-06-03',
      assignedTo: '',
      natureOfSuit: '',
      cause: '',
    });
    expect(docket?.parties).toEqual([
      {
        name: 'ACME WIDGETS, INC.',
        role: 'Plaintiff - Appellant',
        dateTerminated: '',
        attorneys: [
          {
            name: 'Pat Example',
            roles: ['COR LD NTC Retained'],
            contact: 'Direct: 555-010-1000\nExample & Partners LLP\n1 Main Street\nSpringfield, MD 21000',
          },
          {
            name: 'Lee Sample',
            roles: ['COR NTC Retained'],
            contact: 'Sample Law\n2 Side Road\nSpringfield, MD 21000',
          },
        ],
      },
      {
        // A second listing of the same attorney reads "(see above)": the address is the first one's.
        name: 'JANE Q. ROE',
        role: 'Defendant - Appellee',
        dateTerminated: '',
        attorneys: [
          {
            name: 'Pat Example',
            roles: ['COR NTC Retained'],
            contact: 'Direct: 555-010-1000\nExample & Partners LLP\n1 Main Street\nSpringfield, MD 21000',
          },
        ],
      },
    ]);
    // The originating court's row of dates and the attachment list are not entries.
    expect(docket?.entries).toEqual([
      {
        number: '1',
        dateFiled: '2024-01-12',
        dateEntered: '2024-01-12',
        description:
          'Civil Case Docketed. Notice filed by Appellant Acme Widgets, Inc. [24-1234] (AB) ' +
          '[Entered: 01/12/2024 10:01 AM]',
      },
      {
        number: '2',
        dateFiled: '2024-01-15',
        dateEntered: '2024-01-16',
        description:
          'APPEARANCE filed for Appellee Jane Q. Roe by Pat Example & co. ' +
          '[24-1234] (PE) [Entered: 01/16/2024 09:30 AM]',
      },
      { number: '', dateFiled: '2024-02-01', dateEntered: '', description: 'ORDER filed.' },
    ]);
  });

  it('reads a bankruptcy appellate panel docket without a party list', () => {
    const docket = recognise(
      appellatePage({
        court: 'U. S. Bankruptcy Appellate Panel for the Sixth Circuit',
        stub: [
          '<tr><td><b>Bankruptcy Appellate Panel Docket #: </b>23-8001</td><td rowspan="2">' +
            '<b>Docketed:</b> 3/4/2023</td></tr>',
          '        <tr><td>In re: Example Holdings LLC</td></tr>',
        ].join('\n'),
        entries: `<tr><td>03/04/2023</td><td>&nbsp;1&nbsp;</td><td>Appeal docketed.</td></tr>`,
      }),
    );
    expect(docket).toMatchObject({
      courtId: 'bap6',
      docketNumber: '23-8001',
      caseName: 'In re: Example Holdings LLC',
      dateFiled: '2023-03-04',
      dateTerminated: '',
      parties: [],
    });
    expect(docket?.entries).toHaveLength(1);
  });

  it('reads the Court of Appeals for Veterans Claims, and a page saved in Windows-1252', () => {
    const html = appellatePage({
      court: 'United States Court of Appeals for Veterans Claims',
      stub: `<tr><td><b>Case Number:</b>22-0456</td><td rowspan="2"><b>Docketed:</b> 05/06/2022</td></tr>
        <tr><td>Jos\u00e9 Example v. Secretary</td></tr>`,
      entries: `<tr><td>05/06/2022</td><td></td><td>Notice of appeal (AB)</td></tr>`,
    });
    const docket = recognise(Buffer.from(html, 'latin1'));
    expect(docket).toMatchObject({
      courtId: 'cavc',
      docketNumber: '22-0456',
      caseName: 'Jos\u00e9 Example v. Secretary',
      dateFiled: '2022-05-06',
    });
  });

  it('leaves a district court CM/ECF docket to another recogniser', () => {
    const district = [
      '<html><body><h3 align="center">U.S. District Court<br>District of Example (Springfield)<br>',
      '      CIVIL DOCKET FOR CASE #: 1:24-cv-00077</h3>',
      '      <table><tr><td valign="top">Example Corp v. Sample Inc.<br>Assigned to: Judge Pat Judge</td>',
      '        <td valign="top">Date Filed: 01/03/2024</td></tr></table>',
      '      <table border="1"><tr><th>Date Filed</th><th>#</th><th>Docket Text</th></tr>',
      '        <tr><td>01/03/2024</td><td><a href="/doc1/1">1</a></td>' +
        '<td>COMPLAINT against Sample Inc. (Entered: 01/03/2024)</td></tr></table>',
      '      </body></html>',
    ].join('\n');
    expect(recognise(district)).toBeUndefined();
  });

  it('leaves an unrelated page and a non-HTML file alone', () => {
    expect(
      recognise(
        '<html><body><table><tr><td><b>General Docket<br>Springfield Chess Club</b></td></tr></table>' +
          '<p>Meeting notes.</p></body></html>',
      ),
    ).toBeUndefined();
    expect(recognise('{"docketNumber": "24-1234", "entries": []}')).toBeUndefined();
  });
});
