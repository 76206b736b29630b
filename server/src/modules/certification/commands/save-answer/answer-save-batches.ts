import { Injectable } from '@nestjs/common';
import { type AnswerToSave, ExamSessionRepository } from '../../exam-session.repository.js';

/** Statements in flight at once: under load the rest gather into batches, and the pool (10 by default) keeps room for every other query. */
const IN_FLIGHT = 2;
/** Saves in one statement at most. */
const BATCH = 64;

interface Waiting extends AnswerToSave {
  settle(outcome: { held: boolean } | { error: unknown }): void;
}

/**
 * Group commit of answer saves: a save goes out at once while fewer than IN_FLIGHT statements are
 * running; under a cohort's load, the saves that arrive meanwhile leave together in the next statement,
 * one per session (a second save of a session waits for the next one, so its order is kept). Each is
 * still acknowledged only once the statement that carried it has committed, and a failed statement
 * fails every save it carried, as it would have failed each alone.
 */
@Injectable()
export class AnswerSaveBatches {
  private waiting: Waiting[] = [];
  private inFlight = 0;

  constructor(private readonly sessions: ExamSessionRepository) {}

  /** Whether the save held (the session was the learner's, running and within its time). */
  save(answer: AnswerToSave): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ ...answer, settle: (outcome) => ('held' in outcome ? resolve(outcome.held) : reject(outcome.error)) });
      this.send();
    });
  }

  private send(): void {
    while (this.inFlight < IN_FLIGHT && this.waiting.length > 0) {
      const batch: Waiting[] = [];
      const later: Waiting[] = [];
      const sessions = new Set<string>();
      for (const save of this.waiting) {
        if (batch.length < BATCH && !sessions.has(save.examSessionId)) {
          sessions.add(save.examSessionId);
          batch.push(save);
        } else later.push(save);
      }
      this.waiting = later;
      this.inFlight += 1;
      this.sessions
        .saveAnswersAlone(batch)
        .then(
          (held) => batch.forEach((save, index) => save.settle({ held: held[index]! })),
          (error: unknown) => batch.forEach((save) => save.settle({ error })),
        )
        .finally(() => {
          this.inFlight -= 1;
          this.send();
        });
    }
  }
}
