import { TAG_MANAGER_SCRIPT } from '@campus/contracts/analytics-tags';
import type { AnalyticsAdapter, AnalyticsGoal } from '../analytics';
import { loadTrackerScript } from './load-tracker-script';

type DataLayerEntry = Record<string, unknown>;

interface TagManagerWindow {
  dataLayer?: DataLayerEntry[];
}

/** The goal names the container's triggers listen for (spec §9: the ids exist; their values live in the container). */
export const TAG_MANAGER_GOALS: Record<AnalyticsGoal, string> = {
  login: 'goal_login',
  lessonUseful: 'goal_lesson_useful',
  lessonUnuseful: 'goal_lesson_unuseful',
  certificationLessonUseful: 'goal_certification_lesson_useful',
  certificationLessonUnuseful: 'goal_certification_lesson_unuseful',
};

/**
 * Google Tag Manager: reports are pushed to `window.dataLayer`, the queue the container reads, as
 * `{ event, ...params }`. The container script is loaded once, when the adapter is made.
 */
export function tagManagerAdapter(containerId: string, win: Window = window): AnalyticsAdapter {
  const target = win as unknown as TagManagerWindow;
  const push = (entry: DataLayerEntry) => (target.dataLayer ??= []).push(entry);

  push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  loadTrackerScript(`${TAG_MANAGER_SCRIPT}?id=${encodeURIComponent(containerId)}`, win.document);

  return {
    event: (name, params) => push({ ...params, event: name }),
    goal: (goal) => push({ event: TAG_MANAGER_GOALS[goal] }),
    pageView: (path) => push({ event: 'page_view', page_path: path, page_location: new URL(path, win.location.origin).href }),
  };
}
