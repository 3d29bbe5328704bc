import fs from 'node:fs';
import path from 'node:path';
import mjml2html from 'mjml';

/**
 * The e-mail layouts are written in MJML (templates/*.mjml) and compiled ahead of time into the
 * responsive HTML beside them (*.html, still holding Handlebars placeholders), which the service
 * reads at start. MJML and what it loads took the service 1.5 s to start and ~55 MB while it ran;
 * `npm run email:gen` writes the HTML and a unit test fails when it is out of date with its MJML.
 */
export const TEMPLATES_DIR = path.join(__dirname, 'templates');

export interface BuiltTemplate {
  /** The HTML file's path (templates/<name>.html). */
  htmlPath: string;
  html: string;
}

/** Compiles every templates/*.mjml; a template MJML finds invalid (strict validation) throws, naming it. */
export async function buildEmailTemplates(): Promise<BuiltTemplate[]> {
  const sources = fs
    .readdirSync(TEMPLATES_DIR)
    .filter((file) => file.endsWith('.mjml'))
    .sort();
  return Promise.all(
    sources.map(async (file) => {
      const compiled = await mjml2html(fs.readFileSync(path.join(TEMPLATES_DIR, file), 'utf8'), {
        validationLevel: 'strict',
        keepComments: false,
      });
      if (compiled.errors.length > 0)
        throw new Error(`e-mail template ${file}: ${compiled.errors.map((e) => e.formattedMessage).join('; ')}`);
      return { htmlPath: path.join(TEMPLATES_DIR, file.replace(/\.mjml$/, '.html')), html: compiled.html };
    }),
  );
}
