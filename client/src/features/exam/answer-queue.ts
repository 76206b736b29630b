/**
 * The answers not yet acknowledged by the server, one entry per question (only the newest choice
 * of a question matters). Kept in localStorage per exam session, so a reload, a crash or a
 * connection lost mid-exam loses nothing: the page sends them when it can.
 */

export type Answers = Record<string, string[]>;

export interface QueuedAnswer {
  questionId: string;
  choiceIds: string[];
  /** Grows with every change: an acknowledgement only removes the entry it was sent for. */
  revision: number;
}

export type AnswerQueue = QueuedAnswer[];

const KEY_PREFIX = 'campus.exam-answers.';
const storageKey = (examSessionId: string) => `${KEY_PREFIX}${examSessionId}`;

/** The queue with the question's newest choice at the end (older entries of the question dropped). */
export function enqueueAnswer(queue: AnswerQueue, questionId: string, choiceIds: string[], revision: number): AnswerQueue {
  return [...queue.filter((entry) => entry.questionId !== questionId), { questionId, choiceIds: [...choiceIds], revision }];
}

/** The queue without the acknowledged entry — unless the learner changed that answer again since. */
export function acknowledgeAnswer(queue: AnswerQueue, acknowledged: Pick<QueuedAnswer, 'questionId' | 'revision'>): AnswerQueue {
  return queue.filter((entry) => !(entry.questionId === acknowledged.questionId && entry.revision === acknowledged.revision));
}

/** The server's answers with the unsent local ones on top: local changes are newer. */
export function mergeAnswers(server: Answers, queue: AnswerQueue): Answers {
  const merged: Answers = { ...server };
  for (const entry of queue) merged[entry.questionId] = [...entry.choiceIds];
  return merged;
}

export const nextRevision = (queue: AnswerQueue, floor: number) => Math.max(floor, ...queue.map((entry) => entry.revision)) + 1;

function isQueuedAnswer(value: unknown): value is QueuedAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.questionId === 'string' &&
    typeof entry.revision === 'number' &&
    Array.isArray(entry.choiceIds) &&
    entry.choiceIds.every((choiceId) => typeof choiceId === 'string')
  );
}

/** Storage may be missing, full or forbidden (private mode): the exam goes on without it. */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The queue a previous page of this session left behind (empty when none or unreadable). */
export function readStoredQueue(examSessionId: string): AnswerQueue {
  try {
    const raw = storage()?.getItem(storageKey(examSessionId));
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isQueuedAnswer) : [];
  } catch {
    return [];
  }
}

export function writeStoredQueue(examSessionId: string, queue: AnswerQueue): void {
  try {
    const store = storage();
    if (!store) return;
    if (queue.length === 0) store.removeItem(storageKey(examSessionId));
    else store.setItem(storageKey(examSessionId), JSON.stringify(queue));
  } catch {
    /* full or forbidden: the in-memory queue still gets sent */
  }
}

/** Forgets the queues of other (finished) sessions, so storage does not fill up over the years. */
export function dropOtherStoredQueues(examSessionId: string): void {
  try {
    const store = storage();
    if (!store) return;
    const keep = storageKey(examSessionId);
    const stale: string[] = [];
    for (let index = 0; index < store.length; index += 1) {
      const key = store.key(index);
      if (key?.startsWith(KEY_PREFIX) && key !== keep) stale.push(key);
    }
    stale.forEach((key) => store.removeItem(key));
  } catch {
    /* nothing to tidy */
  }
}
