import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { waitFor } from '@docket/testkit';
import { startMailCatcher, type RunningMailCatcher } from '../../src/mail';
import { freePort } from '../../src/wait';

let mail: RunningMailCatcher | undefined;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-catcher-'));

afterAll(async () => {
  await mail?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('the local mail catcher accepts SMTP and shows the message in its inbox (REST API)', async () => {
  // Two free ports, and two different ones: each is only checked free, not held, until MailDev binds it.
  const smtpPort = await freePort();
  let webPort = await freePort();
  while (webPort === smtpPort) webPort = await freePort();
  mail = await startMailCatcher({ dir, smtpPort, webPort });
  const transport = nodemailer.createTransport(mail.smtpUrl);
  await transport.sendMail({
    from: 'alerts@docket.local',
    to: 'ada@example.com',
    subject: 'Hello inbox',
    text: 'plain',
    html: '<p>rich</p>',
  });
  transport.close();
  type Listed = Array<{ id: string; subject: string; to: Array<{ address: string }> }>;
  // MailDev files a message after it accepted it (parsing, writing to its directory): wait for the inbox.
  const inbox = await waitFor(
    async () => {
      const listed = (await (await fetch(`${mail!.webUrl}/email`)).json()) as Listed;
      return listed.length > 0 ? listed : undefined;
    },
    { description: 'the message in the inbox' },
  );
  expect(inbox.map((m) => [m.subject, m.to[0]?.address])).toEqual([['Hello inbox', 'ada@example.com']]);
  expect(await (await fetch(`${mail.webUrl}/email/${inbox[0]!.id}/html`)).text()).toContain('rich');
});
