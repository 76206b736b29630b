import type { CourseHistory } from '@campus/contracts/course-activity';
import { useCallback, useEffect, useState } from 'react';
import { getCourseHistory } from '../api/get-course-history';
import { useLearnerReady } from '../../../lib/session/use-learner-ready';

/** Courses in the top page's history section (spec §9: history default 3). */
export const RECENT_HISTORY_LIMIT = 3;

export type RecentHistory =
  | { status: 'hidden' }
  | { status: 'loading' }
  | { status: 'loaded'; history: CourseHistory }
  | { status: 'failed'; retry: () => void };

/**
 * The learner's most recently visited courses (with `inProgress`, only those under way: the continue
 * row's), for a logged-in learner who has accepted the agreements; `hidden` for everyone else (the
 * API would answer 401 or 400). Fetched by the page rather than its loader because only the page
 * knows the session.
 */
export function useRecentCourseHistory({ limit = RECENT_HISTORY_LIMIT, inProgress = false }: { limit?: number; inProgress?: boolean } = {}): RecentHistory {
  const ready = useLearnerReady();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<RecentHistory>({ status: 'loading' });
  const retry = useCallback(() => setAttempt((count) => count + 1), []);

  useEffect(() => {
    if (!ready) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    getCourseHistory({ limit, inProgress }, { signal: controller.signal, skipStatuses: 'all' }).then(
      (history) => setState({ status: 'loaded', history }),
      () => {
        // A section of the top page: an inline message with a retry, not a popup over the page.
        if (!controller.signal.aborted) setState({ status: 'failed', retry });
      },
    );
    return () => controller.abort();
  }, [ready, attempt, retry, limit, inProgress]);

  return ready ? state : { status: 'hidden' };
}
