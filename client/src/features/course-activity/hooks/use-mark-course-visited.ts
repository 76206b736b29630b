import type { ActivityCourseKind } from '@campus/contracts/course-activity';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { markCourseVisited } from '../api/mark-course-visited';
import { useLearnerReady } from '../../../lib/session/use-learner-ready';

/**
 * Records the visit of a course page for the learner's history: once per page visit (a
 * navigation, not a re-render; StrictMode's second effect run keeps the ref), and only for a
 * logged-in learner who has accepted the agreements — possibly later in the same visit, when the
 * session check or the acceptance finishes after the page showed. `kind` null: nothing to record
 * (video courses have no history).
 */
export function useMarkCourseVisited(kind: ActivityCourseKind | null, slug: string): void {
  const ready = useLearnerReady();
  const { key } = useLocation();
  const recordedVisit = useRef<string | null>(null);
  useEffect(() => {
    const visit = `${key}:${kind}:${slug}`;
    if (!ready || !kind || recordedVisit.current === visit) return;
    recordedVisit.current = visit;
    // The history is bookkeeping the learner did not ask for: a failure is logged, never shown.
    markCourseVisited(kind, slug).catch(() => undefined);
  }, [ready, key, kind, slug]);
}
