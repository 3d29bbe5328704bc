import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureLocalCertificates } from '../../src/grpc-certificates';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grpc-certificates-test-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const certOf = (file: string) => new crypto.X509Certificate(fs.readFileSync(file));

describe('the local CA of npm start', () => {
  it('signs one certificate per part for its name and loopback, for servers and clients, keys private', async () => {
    const made = await ensureLocalCertificates(path.join(dir, 'tls'), ['documents', 'bff']);
    expect(made.made).toBe(3);
    const ca = certOf(path.join(dir, 'tls', 'ca.crt'));
    expect(ca.ca).toBe(true);
    const documents = certOf(made.parts.documents!.cert);
    expect(documents.subject).toBe('CN=documents');
    expect(documents.checkIssued(ca) && documents.verify(ca.publicKey)).toBe(true);
    expect(documents.ca).toBe(false);
    expect(documents.subjectAltName).toBe(
      'DNS:documents, DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1',
    );
    expect(documents.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1', '1.3.6.1.5.5.7.3.2']);
    expect(documents.checkPrivateKey(crypto.createPrivateKey(fs.readFileSync(made.parts.documents!.key)))).toBe(true);
    for (const key of ['ca.key', 'documents.key', 'bff.key'])
      expect(fs.statSync(path.join(dir, 'tls', key)).mode & 0o077).toBe(0);
    expect(fs.statSync(path.join(dir, 'tls')).mode & 0o077).toBe(0);
  });

  it('keeps what is still valid, so a restart keeps every identity', async () => {
    const tls = path.join(dir, 'tls');
    await ensureLocalCertificates(tls, ['documents', 'bff']);
    const before = fs.readdirSync(tls).map((file) => fs.readFileSync(path.join(tls, file), 'utf8'));
    const again = await ensureLocalCertificates(tls, ['documents', 'bff', 'alerts']);
    expect(again.made).toBe(1);
    expect(
      fs
        .readdirSync(tls)
        .filter((file) => !file.startsWith('alerts'))
        .map((file) => fs.readFileSync(path.join(tls, file), 'utf8')),
    ).toEqual(before);
  });

  it('makes anew a certificate another CA signed, or one whose key does not match', async () => {
    const tls = path.join(dir, 'tls');
    const ours = await ensureLocalCertificates(tls, ['documents', 'bff']);
    const theirs = await ensureLocalCertificates(path.join(dir, 'theirs'), ['documents']);
    fs.copyFileSync(theirs.parts.documents!.cert, ours.parts.documents!.cert);
    fs.copyFileSync(theirs.parts.documents!.key, ours.parts.documents!.key);
    fs.copyFileSync(theirs.parts.documents!.key, ours.parts.bff!.key);
    expect((await ensureLocalCertificates(tls, ['documents', 'bff'])).made).toBe(2);
    const ca = certOf(path.join(tls, 'ca.crt'));
    for (const part of ['documents', 'bff'])
      expect(certOf(path.join(tls, `${part}.crt`)).verify(ca.publicKey)).toBe(true);
  });

  it("keeps the CA's key out of the shared directory when told where", async () => {
    const caKey = path.join(dir, 'ca', 'ca.key');
    await ensureLocalCertificates(path.join(dir, 'tls'), ['documents'], { caKeyFile: caKey });
    expect(fs.readdirSync(path.join(dir, 'tls')).sort()).toEqual(['ca.crt', 'documents.crt', 'documents.key']);
    expect(
      certOf(path.join(dir, 'tls', 'ca.crt')).checkPrivateKey(crypto.createPrivateKey(fs.readFileSync(caKey))),
    ).toBe(true);
    expect((await ensureLocalCertificates(path.join(dir, 'tls'), ['documents'], { caKeyFile: caKey })).made).toBe(0);
  });
});
