import fs from 'node:fs';
import path from 'node:path';
import { buildEmailTemplates } from '../../src/delivery/email/email-templates.build';

describe('the e-mail layouts compiled ahead of time', () => {
  it('has each templates/*.html as MJML compiles its .mjml today (else run `npm run email:gen`)', async () => {
    const built = await buildEmailTemplates();
    const names = built.map((t) => path.basename(t.htmlPath));
    expect(names).toEqual(['alert-email.html', 'export-email.html', 'release-email.html']);
    for (const { htmlPath, html } of built) {
      const committed = fs.existsSync(htmlPath) ? fs.readFileSync(htmlPath, 'utf8') : '';
      if (committed !== html)
        throw new Error(
          `${path.relative(process.cwd(), htmlPath)} is out of date with its MJML: ` +
            `run \`npm run email:gen\` and commit`,
        );
    }
  }, 30_000);
});
