// npm run email:gen: compiles the alerts service's MJML e-mail layouts into the HTML it reads at start.
import fs from 'node:fs';
import path from 'node:path';
import { buildEmailTemplates } from '../services/alerts/src/delivery/email/email-templates.build';

void buildEmailTemplates().then((templates) => {
  for (const { htmlPath, html } of templates) {
    fs.writeFileSync(htmlPath, html);
    console.log(`wrote ${path.relative(process.cwd(), htmlPath)}`);
  }
});
