import { Inject, Injectable } from '@nestjs/common';
import { type SQL, sql } from 'drizzle-orm';
import { type DatabaseConnection, rowsOf } from '../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../database/database.tokens.js';
import { type EventRow, toStoredEvent } from '../../../database/event-row.js';
import { type FindsOutstandingWork, type OutstandingReaction, OutstandingWork } from '../../../jobs/outstanding-work.js';
import { liveAnnouncementIds } from '../../notifications/reads.js';

/** How far back a mail is still owed: the newest events of each kind. */
const RECENT_EVENTS = 1_000;

/**
 * A delivery the SMTP server has refused this often (five runs of the job's five attempts) is left to the
 * admins: it waits in the queue health's failed list with the server's answer, instead of being tried every 5 s.
 */
const GIVE_UP_AFTER_ATTEMPTS = 25;

/** A single learner's mail is owed while its delivery row has neither gone nor been judged unneeded, nor given up. */
const deliveryOwed = (kind: string): SQL =>
  sql`not exists (select 1 from mail_deliveries d where d.message_key = ${`${kind}@`} || e.id::text
                    and (d.status <> 'pending' or d.attempts >= ${GIVE_UP_AFTER_ATTEMPTS}))`;

/** An announcement's mailing is owed while it is marked for mail, live, and its fan-out has neither finished nor given up. */
const fanOutOwed = (now: Date): SQL =>
  sql`e.data->>'mail' = 'true'
      and (e.data->>'announcementId')::uuid in (${liveAnnouncementIds(now)})
      and not exists (select 1 from mail_fan_outs f where f.event_id = e.id
                        and (f.finished_at is not null or f.runs >= ${GIVE_UP_AFTER_ATTEMPTS}))`;

/** The mails owed per event, by the event that owes them: its job, and when the mail is still owed (`e` is the event). */
const OWED: readonly { type: string; job: string; stillOwed: (now: Date) => SQL }[] = [
  { type: 'CertificateIssued', job: 'mail-learner-when-certificate-issued', stillOwed: () => deliveryOwed('certificate') },
  { type: 'BadgeExpiryReminded', job: 'mail-learner-when-badge-expiring', stillOwed: () => deliveryOwed('expiry') },
  { type: 'OpenBadgeCredentialRevoked', job: 'mail-learner-when-credential-revoked', stillOwed: () => deliveryOwed('revocation') },
  { type: 'AnnouncementPublished', job: 'mail-learners-when-announcement-published', stillOwed: fanOutOwed },
];

/**
 * A certificate, reminder or revocation whose mail has neither gone nor been judged unneeded a minute after
 * its event was relayed (its job lost with Redis, or failed through its retries while the SMTP server was
 * away) is owed its mail job again; the delivery row keeps the repeat from sending twice. So is an announcement
 * marked for mail, live, whose fan-out has not reached everyone (`mail_fan_outs`): each learner's delivery row
 * keeps the repeat from mailing anyone twice.
 */
@Injectable()
@OutstandingWork()
export class OutstandingMailsFinder implements FindsOutstandingWork {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async findOutstanding(limit: number): Promise<OutstandingReaction[]> {
    const owed: OutstandingReaction[] = [];
    const now = new Date();
    for (const { type, job, stillOwed } of OWED) {
      if (owed.length >= limit) break;
      const rows = await rowsOf<EventRow>(
        this.connection.db,
        sql`select e.seq, e.id, e.stream_type, e.stream_id, e.version, e.type, e.data, e.meta, e.occurred_at
              from (select * from events where type = ${type} order by seq desc limit ${RECENT_EVENTS}) e
             where e.relayed_at < now() - interval '1 minute' and ${stillOwed(now)}
             order by e.seq
             limit ${limit - owed.length}`,
      );
      owed.push(...rows.map((row) => ({ job, event: toStoredEvent(row) })));
    }
    return owed;
  }
}
