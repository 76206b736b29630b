import type { BadgeStatus } from '@campus/contracts/catalogue';
import { formatJapaneseDate } from '@campus/contracts/tokyo-date';
import { BADGE_STATUS_LABELS } from '../course-labels';
import './badge.css';

/** 取得済み / 未取得 / 有効期限切れ, with the expiry date when the badge was acquired. */
export function BadgeStatusView({ status, expiresAt }: { status: BadgeStatus; expiresAt: string | null }) {
  const date = expiresAt ? formatJapaneseDate(expiresAt) : '';
  return (
    <p className="badge-status">
      <span className={`badge-status__label badge-status__label--${status}`}>{BADGE_STATUS_LABELS[status]}</span>
      {status === 'available' && date ? <span className="badge-status__date">有効期限：{date}まで</span> : null}
      {status === 'expired' && date ? <span className="badge-status__date">{date}に有効期限が切れました</span> : null}
    </p>
  );
}
