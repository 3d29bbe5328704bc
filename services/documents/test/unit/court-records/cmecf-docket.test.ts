import { cmecfDocketRecogniser } from '../../../src/domain/court-records/cmecf-docket';
import type { RecognisedDocket } from '../../../src/domain/court-records/court-record';

const read = (html: string) => cmecfDocketRecogniser.recognise({ fileName: 'docket.html', bytes: Buffer.from(html) }) as RecognisedDocket | undefined;

// An invented civil case, laid out as district courts' CM/ECF prints a docket report.
const civil = `<html><head><title>CM/ECF - U.S. District Court:ored</title></head><body>
<h3 align=center>U.S. District Court<BR>
District of Oregon (Portland)<BR>
CIVIL DOCKET FOR CASE #: 3:21-cv-01234-ABC-XYZ</h3>
<TABLE width='100%' border=0><tr>
<td valign=top width="60%"><br>Cascade Timber Cooperative et al v. Willamette
  Freight Lines, Inc.<br>Assigned to: Hon. Ann B. Carter<br>Referred to: Magistrate Judge Xavier Y. Zhu (Settlement)<br>Cause: 28:1332 Diversity-Breach of Contract</td>
<td valign=top width="40%"><br>Date Filed: 04/02/2021<br>Date Terminated: 11/30/2022<br>Jury Demand: Plaintiff<br>Nature of Suit: 190 Contract: Other<br>Jurisdiction: Diversity</td>
</tr></table>
<table width="100%" border=0>
<tr><td><b><u>Plaintiff                      </u></b></td></tr>
<tr><td valign=top width="40%"><b>Cascade Timber Cooperative</b></td>
<td align=right>represented&nbsp;by</td><td><B>Dana          R.     Ellis      </B>
<BR>Ellis &amp; Moore LLP
<BR>100 SW Main St.
<BR>Portland, OR 97204
<BR>Email: dellis&#064;example.com
<BR><I>LEAD ATTORNEY</I>
<BR><I>ATTORNEY TO BE NOTICED</I>
<BR><I>Bar Status: ACTIVE</I></td></tr>
<tr><td valign="top"><br>V.<br></td></tr>
<tr><td><b><u>Defendant                      </u></b></td></tr>
<tr><td valign=top width="40%"><b>Willamette Freight Lines, Inc.</b><br><i>TERMINATED: 10/01/2022</i></td></tr>
</table>
<br><table border=1>
<tr><td style='font-weight:bold'>Date Filed</td><th>#</th><td style='font-weight:bold'>Docket Text</td></tr>
<tr><td>04/02/2021</td><td align=right><a href="https://ecf.ord.uscourts.gov/doc1/1">1</a>&nbsp;</td><td>COMPLAINT against Willamette Freight Lines, Inc. Filed by Cascade Timber Cooperative. (Entered: 04/05/2021)</td></tr>
<tr><td>04/06/2021</td><td align=right>&nbsp;</td><td>Summons Issued as to Willamette Freight Lines, Inc. (Entered: 04/06/2021)</td></tr>
</table></body></html>`;

// An invented bankruptcy case: the role and the name in one cell, entries continued in a second table.
const bankruptcy = `<html><body><CENTER><B><FONT SIZE="+1">U.S. Bankruptcy Court<BR>Eastern District of Michigan (Detroit)<BR>Bankruptcy Petition #: 19-40001-abc</FONT></B></CENTER>
<TABLE><TR><TD><I>Assigned to:</I> Honorable Judge Ruth K. Olsen<BR>Chapter 11</TD>
<TD><TABLE><TR><td><I>Date filed:</I></td><td>&nbsp;&nbsp;01/03/19</td></TR></TABLE></TD></TR></TABLE>
<TABLE><TR><TD><I><B>Debtor</B></I><BR><B>Lakeside Foundry, LLC</B><BR>1 River Rd<BR>Detroit, MI 48201</TD>
<TD>represented by</TD><TD><B>Paul Nguyen</B><BR>Nguyen Law PLC<BR>Detroit, MI 48226<BR><BR><B>Rita Gomez</B><BR>Gomez &amp; Co<BR>Troy, MI 48084</TD></TR></TABLE>
<TABLE BORDER=1><TR><TH>Filing Date</TH><TH colspan=2>#</TH><TH>Docket Text</TH></TR>
<TR><TD>01/03/2019</TD><TD>&nbsp;</TD><TD><a href='/doc1/1'>1</a></TD><TD>Chapter 11 Voluntary Petition. (Entered: 01/03/2019)</TD></TR></TABLE>
<TABLE BORDER=1><TR><TD>01/10/2019</TD><TD>&nbsp;</TD><TD>2</TD><TD>Meeting of Creditors. (Entered: 01/10/2019)</TD></TR></TABLE>
<TABLE><TR><TD>PACER Service Center</TD><TD>Transaction Receipt</TD><TD>x</TD></TR></TABLE></body></html>`;

describe('CM/ECF docket reports of district and bankruptcy courts', () => {
  it('reads a district case: court, number, title, judges, dates, parties with attorneys, entries', () => {
    const docket = read(civil);
    expect(docket).toMatchObject({
      kind: 'docket', format: 'cmecf', courtId: 'ord', docketNumber: '3:21-cv-01234',
      caseName: 'Cascade Timber Cooperative v. Willamette Freight Lines, Inc.',
      assignedTo: 'Ann B. Carter', referredTo: 'Xavier Y. Zhu', cause: '28:1332 Diversity-Breach of Contract',
      dateFiled: '2021-04-02', dateTerminated: '2022-11-30', juryDemand: 'Plaintiff', natureOfSuit: '190 Contract: Other', jurisdiction: 'Diversity',
    });
    expect(docket?.parties).toEqual([
      {
        name: 'Cascade Timber Cooperative', role: 'Plaintiff', dateTerminated: '',
        attorneys: [{ name: 'Dana R. Ellis', contact: 'Ellis & Moore LLP\n100 SW Main St.\nPortland, OR 97204\nEmail: dellis@example.com\n', roles: ['LEAD ATTORNEY', 'ATTORNEY TO BE NOTICED'] }],
      },
      { name: 'Willamette Freight Lines, Inc.', role: 'Defendant', dateTerminated: '2022-10-01', attorneys: [] },
    ]);
    expect(docket?.entries).toEqual([
      { number: '1', dateFiled: '2021-04-02', dateEntered: '2021-04-05', description: 'COMPLAINT against Willamette Freight Lines, Inc. Filed by Cascade Timber Cooperative. (Entered: 04/05/2021)' },
      { number: '', dateFiled: '2021-04-06', dateEntered: '2021-04-06', description: 'Summons Issued as to Willamette Freight Lines, Inc. (Entered: 04/06/2021)' },
    ]);
  });

  it('reads a bankruptcy case: the debtor names it, the court comes from the heading, entries span tables', () => {
    const docket = read(bankruptcy);
    expect(docket).toMatchObject({ courtId: 'mieb', docketNumber: '19-40001', caseName: 'Lakeside Foundry, LLC', assignedTo: 'Ruth K. Olsen', dateFiled: '2019-01-03' });
    expect(docket?.parties.map((p) => [p.role, p.name, p.attorneys.map((a) => a.name)])).toEqual([['Debtor', 'Lakeside Foundry, LLC', ['Paul Nguyen', 'Rita Gomez']]]);
    expect(docket?.entries.map((e) => [e.number, e.dateFiled])).toEqual([['1', '2019-01-03'], ['2', '2019-01-10']]);
  });

  it('finds the judge of a criminal case in the party table, and writes "USA" as "United States"', () => {
    const criminal = civil
      .replace('CIVIL DOCKET FOR CASE #: 3:21-cv-01234-ABC-XYZ', 'CRIMINAL DOCKET FOR CASE #: 3:21-cr-00077-ABC-1')
      .replace(/<td valign=top width="60%">.*?<\/td>/su, '<td valign=top width="60%"><br>Case title: USA v. Doe</td>')
      .replace('<tr><td><b><u>Plaintiff', '<tr><td>Assigned to: Judge Ann B Carter</td></tr><tr><td><b><u>Plaintiff');
    expect(read(criminal)).toMatchObject({ docketNumber: '3:21-cr-00077', caseName: 'United States v. Doe', assignedTo: 'Ann B Carter' });
  });

  it('claims no other page', () => {
    expect(read('<html><body><h1>Opinions</h1><table><tr><td>Smith v. Jones</td></tr></table></body></html>')).toBeUndefined();
    expect(read('%PDF-1.7 binary')).toBeUndefined();
  });
});
