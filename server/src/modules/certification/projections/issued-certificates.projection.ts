import { Injectable, OnModuleInit } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../../../database/connection.js';
import { EventStore, type InlineProjection, type StoredEvent } from '../../../database/event-store.js';
import type { CertificateIssued } from '../../certificates/events.js';
import { badges } from '../certification.schema.js';

/**
 * The badge of the award a certificate was issued for (same learner, course and award time) now has
 * it, in the issuing transaction: the reconciler stops looking at it. A later award has another time
 * and keeps waiting for its own certificate.
 */
@Injectable()
export class IssuedCertificatesProjection implements InlineProjection, OnModuleInit {
  readonly eventTypes = ['CertificateIssued'] as const;

  constructor(private readonly eventStore: EventStore) {}

  onModuleInit() {
    this.eventStore.addInlineProjection(this);
  }

  async apply(tx: Transaction, events: readonly StoredEvent[]): Promise<void> {
    for (const event of events) {
      const { certificateId, userId, courseId, issuedAt } = event.data as CertificateIssued['data'];
      await tx
        .update(badges)
        .set({ certificateId })
        .where(and(eq(badges.userId, userId), eq(badges.courseId, courseId), eq(badges.awardedAt, new Date(issuedAt))));
    }
  }
}
