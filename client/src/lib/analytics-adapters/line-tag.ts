import { LINE_TAG_SCRIPT } from '@campus/contracts/analytics-tags';
import type { AnalyticsAdapter, AnalyticsGoal } from '../analytics';
import { loadTrackerScript } from './load-tracker-script';

type LineTagCall = unknown[];

interface LineTagWindow {
  _lt?: (...call: LineTagCall) => void;
  _ltq?: LineTagCall[];
}

/** The conversion types the ad account counts. */
export const LINE_TAG_CONVERSIONS: Record<AnalyticsGoal, string> = {
  login: 'Login',
  lessonUseful: 'LessonUseful',
  lessonUnuseful: 'LessonUnuseful',
  certificationLessonUseful: 'CertificationLessonUseful',
  certificationLessonUnuseful: 'CertificationLessonUnuseful',
};

/**
 * The ad tag (LINE Tag of LINE広告): page views and conversions only — an ad account has no use for
 * every click. Calls are queued on `window._ltq` until the tag's script arrives and drains the queue.
 */
export function lineTagAdapter(tagId: string, win: Window = window): AnalyticsAdapter {
  const target = win as unknown as LineTagWindow;
  target._ltq ??= [];
  target._lt ??= (...call) => target._ltq!.push(call);
  const send = (...call: LineTagCall) => target._lt!(...call);

  send('init', { customerType: 'lap', tagId });
  loadTrackerScript(LINE_TAG_SCRIPT, win.document);

  return {
    event: () => {},
    goal: (goal) => send('send', 'cv', { type: LINE_TAG_CONVERSIONS[goal] }, [tagId]),
    pageView: () => send('send', 'pv', [tagId]),
  };
}
