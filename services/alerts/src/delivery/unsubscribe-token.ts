import crypto from 'node:crypto';

/** Who and what an unsubscribe link stops: e-mail for these alerts of this user. */
export interface UnsubscribeClaim {
  ownerUserId: string;
  alertIds: string[];
}

const VERSION = 'u1';
/** One part of a token: unpadded base64url (the version, u1, is made of the same characters). */
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Signed, not encrypted: `u1.<base64url JSON>.<base64url HMAC-SHA256>`. It needs no session and no
 * stored state, and never expires (an old e-mail's link still works, as mail clients expect).
 */
export class UnsubscribeTokens {
  constructor(private readonly secret: string) {}

  sign(claim: UnsubscribeClaim): string {
    const body = Buffer.from(JSON.stringify({ u: claim.ownerUserId, a: claim.alertIds })).toString('base64url');
    return `${VERSION}.${body}.${this.mac(body)}`;
  }

  /**
   * The claim of a genuine token, or undefined for anything else (bad shape, bad signature). The
   * token is taken exactly as signed: three parts, nothing before, after or in between.
   */
  verify(token: string): UnsubscribeClaim | undefined {
    const parts = token.split('.');
    if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) return undefined;
    const [version, body, mac] = parts as [string, string, string];
    if (version !== VERSION) return undefined;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return undefined;
    try {
      const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { u?: unknown; a?: unknown };
      if (
        typeof parsed.u !== 'string' ||
        !Array.isArray(parsed.a) ||
        !parsed.a.every((id) => typeof id === 'string') ||
        parsed.a.length === 0
      )
        return undefined;
      return { ownerUserId: parsed.u, alertIds: parsed.a as string[] };
    } catch {
      return undefined;
    }
  }

  private mac(body: string): string {
    return crypto.createHmac('sha256', this.secret).update(`${VERSION}.${body}`).digest('base64url');
  }
}
