import type { BadgeStatus, CourseKind, LessonSummary, Level } from '@campus/contracts/catalogue';

/** Spec §3 levels, as learners read them. */
export const LEVEL_LABELS: Record<Level, string> = {
  BEGINNER: '初級',
  INTERMEDIATE: '中級',
  ADVANCED: '上級',
};

export const LEVELS = Object.keys(LEVEL_LABELS) as Level[];

/** Kinds a learner can put on the wish list (video courses cannot be favourited, spec §3). */
export type FavoriteKind = Exclude<CourseKind, 'video'>;

export const isFavoriteKind = (kind: CourseKind): kind is FavoriteKind => kind !== 'video';

export const LESSON_KIND_LABELS: Record<LessonSummary['kind'], string> = {
  text: 'テキスト',
  slides: 'スライド',
  video: '動画',
};

export const COURSE_KIND_LABELS: Record<CourseKind, string> = {
  learning: 'コース',
  seminar: 'セミナー',
  video: '動画',
  certification: '認定コース',
};

/** Spec §3 badge status display. */
export const BADGE_STATUS_LABELS: Record<BadgeStatus, string> = {
  available: '取得済み',
  unavailable: '未取得',
  expired: '有効期限切れ',
};
