import { AppError } from '../../core/errors/app-error.js';
import type { StartRefusal } from './domain/exam-session.js';
import { formatJapaneseDate, formatJapaneseDateTime } from '../../contracts/tokyo-date.js';

/** The refusal as the learner reads it (spec §5, §6, §8). */
export function startRefusalError(refusal: StartRefusal): AppError {
  switch (refusal.code) {
    case 'PROFILE_REQUIRED':
      return new AppError('PROFILE_REQUIRED', '認定試験を受験するには、プロフィールの登録が必要です。');
    case 'BASIC_REQUIRED':
      return new AppError('BASIC_REQUIRED', 'Advanced の認定試験を受験するには、Basic の取得が必要です。');
    case 'EXAM_IN_PROGRESS':
      return new AppError('EXAM_IN_PROGRESS', '受験中の認定試験があるため、新しい試験を開始できません。');
    case 'EXAM_COOLDOWN':
      return new AppError('EXAM_COOLDOWN', `次の受験は ${formatJapaneseDateTime(refusal.opensAt)} から可能です。`);
    case 'EXAM_GRADING':
      return new AppError('EXAM_GRADING', '前回の試験の終了処理と採点を行っています。結果が出てから受験できます。');
    case 'BADGE_HELD':
      return new AppError(
        'BADGE_HELD',
        `このスキルバッジは取得済みです（有効期限：${formatJapaneseDate(refusal.expiresAt)}）。更新受験は ${formatJapaneseDateTime(refusal.renewalOpensAt)} から可能です。`,
      );
  }
}
