import { randomBytes } from 'node:crypto';

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

interface AccessRecord {
  user: string;
  clientId: string;
  expiresAt: number;
  revoked: boolean;
  family: number;
}

interface RefreshRecord {
  user: string;
  clientId: string;
  expiresAt: number;
  revoked: boolean;
  accessToken: string;
  family: number;
}

export interface CodeRecord {
  user: string;
  clientId: string;
  /** redirect_uri as sent at authorize time, or null when it was omitted */
  redirectUri: string | null;
  challenge: string;
  expiresAt: number;
  used: boolean;
  family: number;
}

export interface TokenTtls {
  accessSeconds: number;
  refreshSeconds: number;
  codeSeconds: number;
}

export type AccessCheck = { ok: true; user: string; clientId: string } | { ok: false; reason: 'expired' | 'invalid' };

export type RefreshCheck =
  | { ok: true; record: RefreshRecord }
  | { ok: false; hint: 'Cannot decrypt the refresh token' | 'Token has expired' | 'Token has been revoked' | 'Token is not linked to client' };

/** ~1000-character opaque random strings like the real service's. */
function randomToken(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

/** All OAuth grants of one emulator. A "family" groups everything descending from one authorization code. */
export class TokenStore {
  private readonly codes = new Map<string, CodeRecord>();
  private readonly access = new Map<string, AccessRecord>();
  private readonly refresh = new Map<string, RefreshRecord>();
  private nextFamily = 1;

  constructor(
    private readonly ttls: TokenTtls,
    private readonly now: () => number,
  ) {}

  issueCode(rec: Omit<CodeRecord, 'expiresAt' | 'used' | 'family'>): string {
    const code = randomToken(735);
    this.codes.set(code, { ...rec, expiresAt: this.now() + this.ttls.codeSeconds * 1000, used: false, family: this.nextFamily++ });
    return code;
  }

  getCode(code: string): CodeRecord | undefined {
    return this.codes.get(code);
  }

  isCodeExpired(rec: CodeRecord): boolean {
    return this.now() >= rec.expiresAt;
  }

  /** Marks a code used; its token family is what a replay revokes. */
  consumeCode(rec: CodeRecord): void {
    rec.used = true;
  }

  revokeFamily(family: number): void {
    for (const r of this.access.values()) if (r.family === family) r.revoked = true;
    for (const r of this.refresh.values()) if (r.family === family) r.revoked = true;
  }

  issuePair(user: string, clientId: string, family?: number): TokenPair {
    const access_token = randomToken(750);
    const refresh_token = randomToken(750);
    const now = this.now();
    const fam = family ?? this.nextFamily++;
    this.access.set(access_token, { user, clientId, expiresAt: now + this.ttls.accessSeconds * 1000, revoked: false, family: fam });
    this.refresh.set(refresh_token, {
      user, clientId, expiresAt: now + this.ttls.refreshSeconds * 1000, revoked: false, accessToken: access_token, family: fam,
    });
    return { access_token, refresh_token, expires_in: this.ttls.accessSeconds };
  }

  checkAccess(token: string): AccessCheck {
    const rec = this.access.get(token);
    if (rec === undefined || rec.revoked) return { ok: false, reason: 'invalid' };
    if (this.now() >= rec.expiresAt) return { ok: false, reason: 'expired' };
    return { ok: true, user: rec.user, clientId: rec.clientId };
  }

  checkRefresh(token: string, clientId: string): RefreshCheck {
    const rec = this.refresh.get(token);
    if (rec === undefined) return { ok: false, hint: 'Cannot decrypt the refresh token' };
    if (rec.clientId !== clientId) return { ok: false, hint: 'Token is not linked to client' };
    if (rec.revoked) return { ok: false, hint: 'Token has been revoked' };
    if (this.now() >= rec.expiresAt) return { ok: false, hint: 'Token has expired' };
    return { ok: true, record: rec };
  }

  /** Rotation: the access token paired with the used refresh token dies at once; the refresh token lives on. */
  rotate(rec: RefreshRecord): TokenPair {
    const old = this.access.get(rec.accessToken);
    if (old) old.revoked = true;
    return this.issuePair(rec.user, rec.clientId, rec.family);
  }

  revokeRefreshTokensOf(user: string): void {
    for (const r of this.refresh.values()) if (r.user === user) r.revoked = true;
  }

  expireAccessTokensOf(user: string): void {
    const past = this.now() - 1;
    for (const r of this.access.values()) if (r.user === user && r.expiresAt > past) r.expiresAt = past;
  }
}
