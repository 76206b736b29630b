import { Injectable } from '@nestjs/common';
import type { AnswerSheet } from '../../domain/exam-session-aggregate.js';
import { ExamSessionRepository } from '../../exam-session.repository.js';

/** Sheets kept in memory, the least recently used dropped first: about 2 KB each. */
const KEPT = 20_000;

type OwnedSheet = AnswerSheet & { userId: string };

/**
 * What a save checks an answer against, read once per session and process: a session's owner, deadline
 * and questions never change after its start, so a cohort's saves need no read of their session row
 * (the whole question set) each. What does change, whether it is still running, the save's own
 * statement checks.
 */
@Injectable()
export class AnswerSheets {
  /** Promises, so the saves of one session arriving together share one read. */
  private readonly kept = new Map<string, Promise<OwnedSheet | null>>();

  constructor(private readonly sessions: ExamSessionRepository) {}

  /** The sheet of the learner's session; null when there is none or it is another learner's. */
  async of(examSessionId: string, userId: string): Promise<AnswerSheet | null> {
    let sheet = this.kept.get(examSessionId);
    if (sheet) this.kept.delete(examSessionId);
    else sheet = this.sessions.readAnswerSheet(examSessionId);
    this.kept.set(examSessionId, sheet);
    if (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value!);
    let found: OwnedSheet | null;
    try {
      found = await sheet;
    } catch (error) {
      this.forget(examSessionId, sheet);
      throw error;
    }
    // An unknown id is not kept: ids sent at random must not push out the sheets in use.
    if (!found) this.forget(examSessionId, sheet);
    return found?.userId === userId ? found : null;
  }

  private forget(examSessionId: string, sheet: Promise<OwnedSheet | null>): void {
    if (this.kept.get(examSessionId) === sheet) this.kept.delete(examSessionId);
  }
}
