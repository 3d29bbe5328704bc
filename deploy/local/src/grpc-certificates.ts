/**
 * The local CA of the services' mutual TLS: one CA and one certificate per part under a directory
 * (`npm start`: .data/tls), made on first use and kept while they stay valid, so a restart keeps its
 * identities. In a cluster cert-manager plays this part (deploy/k8s/grpc-tls.yaml).
 */
import 'reflect-metadata';
import crypto, { webcrypto } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
const DAY_MS = 86_400_000;
const CA_DAYS = 5 * 365;
const LEAF_DAYS = 365;
/** A certificate closer than this to its end is made anew rather than kept. */
const RENEW_WITHIN_DAYS = 30;

/** The PEM files of one part: the CA to check peers against, its own certificate and key. */
export interface GrpcTlsFiles {
  ca: string;
  cert: string;
  key: string;
}

export interface LocalCertificates {
  dir: string;
  /** By part name. */
  parts: Record<string, GrpcTlsFiles>;
  /** How many certificates (the CA included) this call made; 0 when every one was kept. */
  made: number;
}

/**
 * Makes sure `dir` holds a CA and, for each name, a certificate signed by it for that name,
 * `localhost`, 127.0.0.1 and ::1, usable as a server's and as a client's (serverAuth + clientAuth).
 * Keys are written 0600, the directory 0700. `caKeyFile` (default <dir>/ca.key) keeps the CA's key
 * elsewhere when `dir` is shared with the parts (docker compose's volume).
 */
export async function ensureLocalCertificates(
  dir: string,
  names: string[],
  options: { caName?: string; caKeyFile?: string } = {},
): Promise<LocalCertificates> {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const caFile = path.join(dir, 'ca.crt');
  const caKeyFile = options.caKeyFile ?? path.join(dir, 'ca.key');
  fs.mkdirSync(path.dirname(caKeyFile), { recursive: true, mode: 0o700 });
  let made = 0;
  let ca = readValid(caFile, caKeyFile);
  if (!ca) {
    const created = await createCa(options.caName ?? 'Docket Research local CA');
    writePair(caFile, caKeyFile, created.certPem, created.keyPem);
    ca = { cert: new crypto.X509Certificate(created.certPem), keyPem: created.keyPem };
    made += 1;
  }
  const caKey = await importKey(ca.keyPem);
  const parts: Record<string, GrpcTlsFiles> = {};
  for (const name of names) {
    const cert = path.join(dir, `${name}.crt`);
    const key = path.join(dir, `${name}.key`);
    const existing = readValid(cert, key);
    if (!existing || !existing.cert.checkIssued(ca.cert) || !existing.cert.verify(ca.cert.publicKey)) {
      const created = await createLeaf(name, ca.cert, caKey);
      writePair(cert, key, created.certPem, created.keyPem);
      made += 1;
    }
    parts[name] = { ca: caFile, cert, key };
  }
  return { dir, parts, made };
}

/** A certificate and key read back, when both exist, parse, and the certificate has a while to run. */
function readValid(certFile: string, keyFile: string): { cert: crypto.X509Certificate; keyPem: string } | undefined {
  try {
    const cert = new crypto.X509Certificate(fs.readFileSync(certFile));
    const keyPem = fs.readFileSync(keyFile, 'utf8');
    const publicOfKey = crypto.createPublicKey(crypto.createPrivateKey(keyPem)).export({ type: 'spki', format: 'der' });
    if (!publicOfKey.equals(cert.publicKey.export({ type: 'spki', format: 'der' }))) return undefined;
    if (new Date(cert.validTo).getTime() - Date.now() < RENEW_WITHIN_DAYS * DAY_MS) return undefined;
    return { cert, keyPem };
  } catch {
    return undefined;
  }
}

function writePair(certFile: string, keyFile: string, certPem: string, keyPem: string): void {
  fs.writeFileSync(keyFile, keyPem, { mode: 0o600 });
  fs.writeFileSync(certFile, certPem);
}

async function importKey(pem: string): Promise<CryptoKey> {
  return (await webcrypto.subtle.importKey('pkcs8', x509.PemConverter.decodeFirst(pem), ALGORITHM, false, [
    'sign',
  ])) as CryptoKey;
}

async function exportKey(key: CryptoKey): Promise<string> {
  return x509.PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', key as webcrypto.CryptoKey), 'PRIVATE KEY');
}

async function generateKeys(): Promise<CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
}

/** A validity window starting a little in the past, so a clock a minute behind still accepts it. */
function validity(days: number): { notBefore: Date; notAfter: Date } {
  const now = Date.now();
  return { notBefore: new Date(now - 5 * 60_000), notAfter: new Date(now + days * DAY_MS) };
}

const serialNumber = () => `01${crypto.randomBytes(15).toString('hex')}`;

/** A self-signed CA that may sign end-entity certificates only (path length 0). */
export async function createCa(commonName: string): Promise<{ certPem: string; keyPem: string }> {
  const keys = await generateKeys();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serialNumber(),
    name: new x509.Name([{ CN: [commonName] }]),
    ...validity(CA_DAYS),
    signingAlgorithm: ALGORITHM,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { certPem: cert.toString('pem'), keyPem: await exportKey(keys.privateKey) };
}

/** A certificate for `name` (and this machine's loopback names), for TLS servers and clients alike. */
export async function createLeaf(
  name: string,
  ca: crypto.X509Certificate,
  caKey: CryptoKey,
): Promise<{ certPem: string; keyPem: string }> {
  const keys = await generateKeys();
  const caCert = new x509.X509Certificate(ca.raw);
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serialNumber(),
    subject: new x509.Name([{ CN: [name] }]),
    issuer: caCert.subject,
    ...validity(LEAF_DAYS),
    signingAlgorithm: ALGORITHM,
    publicKey: keys.publicKey,
    signingKey: caKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth, x509.ExtendedKeyUsage.clientAuth]),
      new x509.SubjectAlternativeNameExtension([
        { type: 'dns', value: name },
        { type: 'dns', value: 'localhost' },
        { type: 'ip', value: '127.0.0.1' },
        { type: 'ip', value: '::1' },
      ]),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(caCert),
    ],
  });
  return { certPem: cert.toString('pem'), keyPem: await exportKey(keys.privateKey) };
}
