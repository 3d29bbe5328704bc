import { readCaseQuestion } from '../../../src/domain/analysis';

describe('readCaseQuestion', () => {
  it.each([
    ['Which judge is assigned to Creative Internet Advertising Corp. v. Yahoo! Inc?', 'judge'],
    ['Who is the presiding judge in 6:07-cv-00354?', 'judge'],
    ['To which magistrate judge is the case referred?', 'referred_judge'],
    ['When was Balbo v. Tilton filed?', 'date_filed'],
    ['What is the filing date of case 3:08-cv-00159?', 'date_filed'],
    ['When was the case terminated?', 'date_terminated'],
    ['When did Balbo v. Tilton close?', 'date_terminated'],
    ['What is the nature of suit in Balbo v. Tilton?', 'nature_of_suit'],
    ['What kind of case is 1:20-cv-01234?', 'nature_of_suit'],
    ['What is the cause of action?', 'cause'],
    ['What is the basis of jurisdiction?', 'jurisdiction'],
    ['Was a jury demanded?', 'jury_demand'],
    ['In which court is Balbo v. Tilton pending?', 'court'],
    ['Who are the parties in Balbo v. Tilton?', 'parties'],
    ['Who is the plaintiff in 3:08-cv-00159?', 'parties'],
    ['Who represents Yahoo in Creative Internet Advertising v. Yahoo?', 'attorneys'],
    ['Who are the attorneys for the defendant?', 'attorneys'],
    ['What is docket entry 12 in Balbo v. Tilton?', 'entry'],
    ['What does ECF No. 7 say?', 'entry'],
    ['What is the latest entry in Balbo v. Tilton?', 'latest_entry'],
    ['What was most recently filed in 3:08-cv-00159?', 'latest_entry'],
  ])('%s → %s', (question, fact) => {
    expect(readCaseQuestion(question)?.fact).toBe(fact);
  });

  it('asks nothing of a case when the question is about something else', () => {
    expect(readCaseQuestion('What rate increase did Ameren request?')).toBeUndefined();
    expect(readCaseQuestion('What are the arguments about wildfire costs?')).toBeUndefined();
  });

  it('reads the entry number, the role and the party named', () => {
    expect(readCaseQuestion('What is docket entry 012 in Balbo v. Tilton?')).toMatchObject({
      fact: 'entry',
      entryNumber: '12',
    });
    expect(readCaseQuestion('Who are the defendants in Balbo v. Tilton?')).toMatchObject({
      fact: 'parties',
      role: 'defendant',
    });
    expect(readCaseQuestion('Who represents Yahoo! Inc. in Creative Internet Advertising v. Yahoo?')).toMatchObject({
      fact: 'attorneys',
      partyWords: 'Yahoo! Inc.',
    });
  });
});
