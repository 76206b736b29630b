import type { ExamAccommodation } from '@campus/contracts/exam-accommodations';
import { formatJapaneseDate } from '@campus/contracts/tokyo-date';

/** 「15分延長」「50%延長」, with its end: what the admin reads of a grant. */
export function accommodationText(grant: ExamAccommodation): string {
  const amount = grant.extraMinutes !== null ? `${grant.extraMinutes}分延長` : `制限時間の${grant.extraPercent}%延長`;
  const until = grant.endsOn === null ? '期限なし' : `${formatJapaneseDate(`${grant.endsOn}T00:00:00+09:00`)}まで`;
  return `${amount}（${until}）`;
}
