import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import type { Database, DatabaseConnection } from '../../database/connection.js';
import { DATABASE_CONNECTION } from '../../database/database.tokens.js';
import { type SessionLookup, type SessionUser, tokenHashOf } from '../../common/auth/session-lookup.js';
import { loginAttempts, sessions, users } from './identity.schema.js';
import { acceptedCurrentTerms } from './reads.js';

/** Writing last_seen_at on every request would turn each read into a write. */
const TOUCH_AFTER_MS = 60_000;
const LOGIN_ATTEMPT_TTL_MS = 10 * 60_000;
/**
 * A resolved session is reused for this long, saving a query on every request of a busy learner.
 * Logout forgets it at once in this process; another API process may honour it this much longer.
 */
const RESOLVED_SESSION_TTL_MS = 3_000;
const RESOLVED_SESSION_LIMIT = 10_000;

export interface LoginAttempt {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
}

/**
 * The lookup of a session and its user, built once with placeholders and prepared on each pooled
 * connection: building drizzle SQL on every cache miss cost more CPU than running it. Times are passed
 * as ISO strings so the statement's parameters are the same on pg and PGlite. Exported so the
 * session-rotation benchmark's raw route runs exactly this statement.
 */
export function sessionLookupStatement(db: Database, termsVersion: string) {
  return db
    .select({
      id: users.id,
      subject: users.subject,
      role: users.role,
      hasAcceptedAgreements: acceptedCurrentTerms(termsVersion),
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
        gt(sessions.lastSeenAt, sql`${sql.placeholder('idleSince')}::timestamptz`),
      ),
    )
    .prepare('session_lookup');
}

/** The placeholders' values: sessions neither past their absolute end nor idle longer than `idleMs`. */
export const sessionLookupValues = (tokenHash: string, now: number, idleMs: number) => ({
  tokenHash,
  now: new Date(now).toISOString(),
  idleSince: new Date(now - idleMs).toISOString(),
});

const newToken = () => randomBytes(32).toString('base64url');
/** Rows per query of liveRoles: keeps the parameter list of one statement small. */
const LIVE_ROLES_CHUNK = 500;

/**
 * Server-side sessions and in-flight logins. Cookies carry random tokens; rows store their hashes.
 * The guards and the socket gateway reach it as common/auth's SessionLookup (IdentityModule provides it).
 */
@Injectable()
export class SessionStore implements SessionLookup {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.lookup = sessionLookupStatement(connection.db, config.termsVersion);
  }

  private readonly lookup: ReturnType<typeof sessionLookupStatement>;
  private readonly resolved = new Map<string, { user: SessionUser; until: number }>();

  private get db() {
    return this.connection.db;
  }

  async create(userId: string, idToken: string | null): Promise<string> {
    const token = newToken();
    await this.db.insert(sessions).values({
      tokenHash: tokenHashOf(token),
      userId,
      idToken,
      expiresAt: new Date(Date.now() + this.config.session.absoluteMs),
    });
    return token;
  }

  async resolve(token: string | undefined, options: { fresh?: boolean } = {}): Promise<SessionUser | null> {
    if (!token) return null;
    const tokenHash = tokenHashOf(token);
    const now = Date.now();
    const cached = this.resolved.get(tokenHash);
    if (cached && cached.until > now && !options.fresh) return cached.user;
    const [row] = await this.lookup.execute(sessionLookupValues(tokenHash, now, this.config.session.idleMs));
    if (!row) return null;
    if (now - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      await this.db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.tokenHash, tokenHash));
    }
    const { lastSeenAt: _lastSeenAt, ...user } = row;
    // Only settled sessions: one waiting for the agreements changes state on the very next request.
    // A new TERMS_VERSION comes with a restart, so nothing remembered here predates it.
    if (user.hasAcceptedAgreements) this.remember(tokenHash, user, now);
    return user;
  }

  private remember(tokenHash: string, user: SessionUser, now: number) {
    this.resolved.delete(tokenHash);
    // A Map iterates in insertion order: the first key is the oldest entry.
    if (this.resolved.size >= RESOLVED_SESSION_LIMIT) this.resolved.delete(this.resolved.keys().next().value!);
    this.resolved.set(tokenHash, { user, until: now + RESOLVED_SESSION_TTL_MS });
  }

  async liveRoles(tokenHashes: readonly string[]): Promise<Map<string, SessionUser['role']>> {
    const roles = new Map<string, SessionUser['role']>();
    const now = Date.now();
    for (let start = 0; start < tokenHashes.length; start += LIVE_ROLES_CHUNK) {
      const rows = await this.db
        .select({ tokenHash: sessions.tokenHash, role: users.role })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            inArray(sessions.tokenHash, tokenHashes.slice(start, start + LIVE_ROLES_CHUNK)),
            gt(sessions.expiresAt, new Date(now)),
            gt(sessions.lastSeenAt, new Date(now - this.config.session.idleMs)),
          ),
        );
      for (const row of rows) roles.set(row.tokenHash, row.role);
    }
    return roles;
  }

  async idTokenOf(token: string): Promise<string | null> {
    const [row] = await this.db
      .select({ idToken: sessions.idToken })
      .from(sessions)
      .where(eq(sessions.tokenHash, tokenHashOf(token)));
    return row?.idToken ?? null;
  }

  async destroy(token: string | undefined): Promise<void> {
    if (!token) return;
    this.resolved.delete(tokenHashOf(token));
    await this.db.delete(sessions).where(eq(sessions.tokenHash, tokenHashOf(token)));
  }

  async startLogin(attempt: LoginAttempt): Promise<string> {
    const token = newToken();
    await this.db.delete(loginAttempts).where(lt(loginAttempts.expiresAt, sql`now()`));
    await this.db.insert(loginAttempts).values({
      tokenHash: tokenHashOf(token),
      ...attempt,
      expiresAt: new Date(Date.now() + LOGIN_ATTEMPT_TTL_MS),
    });
    return token;
  }

  /** A login attempt can be completed once; the row is gone after this call. */
  async takeLogin(token: string | undefined): Promise<LoginAttempt | null> {
    if (!token) return null;
    const [row] = await this.db
      .delete(loginAttempts)
      .where(and(eq(loginAttempts.tokenHash, tokenHashOf(token)), gt(loginAttempts.expiresAt, new Date())))
      .returning();
    return row ? { state: row.state, nonce: row.nonce, codeVerifier: row.codeVerifier, returnTo: row.returnTo } : null;
  }
}
