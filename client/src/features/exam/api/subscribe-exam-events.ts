import type { CertificateIssuedPush, ExamGradedPush } from '@campus/contracts/realtime';
import { onConnectionChange, onServerEvent } from '../../../lib/realtime';

/** Socket push `exam.timeUp`: the server finalised a session at its deadline. Returns the unsubscribe function. */
export const onExamTimeUp = (listener: (payload: { examSessionId: string; courseSlug: string }) => void) =>
  onServerEvent('exam.timeUp', listener);

export interface ExamResultSubscriber {
  /** `exam.graded`: a session of the learner was graded; the payload carries the result (null only for an old event). */
  onGraded(payload: ExamGradedPush): void;
  /** `certificate.issued`: a certificate of the learner was issued. */
  onCertificateIssued(payload: CertificateIssuedPush): void;
  onConnected(): void;
  /** Pushes may be missed until the socket connects again. */
  onDisconnected(): void;
}

/** What the result page listens to: grades, certificates and the connection. Returns the function that stops listening. */
export function subscribeExamResult(subscriber: ExamResultSubscriber): () => void {
  const stops = [
    onServerEvent('exam.graded', (payload) => subscriber.onGraded(payload)),
    onServerEvent('certificate.issued', (payload) => subscriber.onCertificateIssued(payload)),
    onConnectionChange((connected) => (connected ? subscriber.onConnected() : subscriber.onDisconnected())),
  ];
  return () => stops.forEach((stop) => stop());
}
