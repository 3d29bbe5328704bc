import fs from 'node:fs';
import path from 'node:path';
import { FILING_TYPES } from '../../src/domain/filing-category';
import { classifyFiling, typeOfName } from '../../src/domain/filing-classifier';

describe('the filing classifier', () => {
  // Filings a walk through the product found mistyped: each was typed as the second column's old value.
  it.each([
    ['Letter Order Granting Petitions to Intervene', 'Order'], // was Comment
    ['Petition to Intervene of AARP', 'Motion'], // was Application
    ['Request for Rehearing of the Kroger Co.', 'Motion'], // was Application
    ['Ruling Establishing Hearing Procedures', 'Order'], // was Decision
    ['Final Order Granting Application (Net Energy Metering)', 'Decision'],
    ['Order Setting Procedural Schedule', 'Order'],
    ['Order Adopting Procedural Schedule', 'Order'],
    ['Order Adopting Settlement Agreement', 'Decision'],
    ['Order Authorizing Revenue Increase (Line Extension Allowances)', 'Decision'],
    ['Order on Rehearing Accepting Compliance Filing', 'Order'],
    ['Order Instituting Rulemaking to Consider Decoupling Mechanism', 'Application'],
    ['Motion for Summary Judgment', 'Motion'],
    ['Memorandum Opinion: Gulf Coast Gas Transmission, LLC v. Public Utility Commission of Texas', 'Decision'],
    ['Reply Memorandum of Vote Solar', 'Brief'],
    ['Sierra Club v. Acme Power: Complaint Regarding Service Quality', 'Application'],
    ['Tariff Supplement No. 807-E: Revisions to Standby Service', 'Tariff'],
    ['AMENDED MOTION to Dismiss for Lack of Jurisdiction', 'Motion'],
    ['ORDER granting 12 MOTION to Dismiss', 'Order'],
    ['**SEALED** NOTICE of Appearance by Jane Roe', 'Notice'],
    ['LETTER ORDER granting the request for an extension of time', 'Order'],
    ['Letter from counsel regarding discovery', 'Comment'],
  ])('%s → %s', (name, category) => {
    expect(classifyFiling({ title: name }).category).toBe(category);
  });

  it("takes a specific title over a source's broad native type, the native type when the title names none", () => {
    // Some commissions call both their final decisions and their procedural orders "Order".
    expect(classifyFiling({ nativeType: 'Order', title: 'Order Approving Request (Storm Costs)' })).toEqual({
      category: 'Decision',
      basis: 'title',
    });
    expect(classifyFiling({ nativeType: 'Order', title: 'Order on Confidential Treatment' })).toEqual({
      category: 'Order',
      basis: 'title',
    });
    expect(classifyFiling({ nativeType: 'Direct Testimony', title: 'Howard Nakamura (Revenue Requirement)' })).toEqual({
      category: 'Testimony',
      basis: 'native type',
    });
  });

  it("reads a filing with no usable title from its first page's heading, past the caption", () => {
    const firstPage = [
      'BEFORE THE FEDERAL ENERGY REGULATORY COMMISSION',
      'In the Matter of the Application of Acme Pipeline for Authority to Increase Rates.',
      'Docket No. RP24-1001-000',
      "PETITION TO INTERVENE OF THE PEOPLE'S COUNSEL",
      "The People's Counsel moves to intervene because…",
    ].join('\n');
    expect(classifyFiling({ title: 'scan-0042.pdf', firstPage })).toEqual({ category: 'Motion', basis: 'first page' });
    expect(
      classifyFiling({ title: 'CM/ECF LIVE - U.S. District Court:txed', firstPage: 'Some text\nwith no heading' }),
    ).toEqual({ category: 'Other', basis: 'none' });
  });

  it('says a name starting with a case caption has no type of its own unless one follows it', () => {
    expect(typeOfName('Kroger Co. v. Federal Energy Regulatory Commission')).toBeUndefined();
    expect(typeOfName('Judgment: Kroger Co. v. Federal Energy Regulatory Commission')).toBe('Decision');
  });
});

describe('the published vocabulary', () => {
  it("classifies each type's own examples as that type", () => {
    for (const type of FILING_TYPES) {
      for (const example of type.examples)
        expect([example, classifyFiling({ title: example }).category]).toEqual([example, type.name]);
    }
  });

  it('is the one docs/filing-types.md publishes, with every definition', () => {
    const doc = fs.readFileSync(path.join(__dirname, '../../../../docs/filing-types.md'), 'utf8');
    for (const type of FILING_TYPES) expect(doc).toContain(`| ${type.name} | ${type.definition} |`);
  });
});
