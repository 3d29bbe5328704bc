import { createHmac, timingSafeEqual } from 'node:crypto';
import { NotFoundError } from '@docket/errors';

export interface DownloadGrant {
  exportId: string;
  expiresAt: Date;
}

/**
 * A download token: `<export id>.<expiry in epoch ms>.<HMAC-SHA256 of both>`, base64url. It names
 * the export and when the link dies; the signature keeps either from being changed. It is not a
 * bearer credential on its own: the download also checks that the signed-in user is a member.
 */
export function signDownload(grant: DownloadGrant, secret: string): string {
  const payload = `${grant.exportId}.${grant.expiresAt.getTime()}`;
  return `${Buffer.from(payload).toString('base64url')}.${macOf(payload, secret)}`;
}

/** The grant a token carries; a forged, malformed or expired token is NOT_FOUND, like a missing export. */
export function verifyDownload(token: string, secret: string, now: Date): DownloadGrant {
  const [encoded, mac, ...rest] = token.split('.');
  if (!encoded || !mac || rest.length > 0) throw new NotFoundError('no such download');
  const payload = Buffer.from(encoded, 'base64url').toString();
  const expected = Buffer.from(macOf(payload, secret));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new NotFoundError('no such download');
  const match = /^([\w-]+)\.(\d+)$/.exec(payload);
  if (!match) throw new NotFoundError('no such download');
  const expiresAt = new Date(Number(match[2]));
  if (expiresAt.getTime() <= now.getTime()) throw new NotFoundError('this download link has expired');
  return { exportId: match[1]!, expiresAt };
}

function macOf(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}
