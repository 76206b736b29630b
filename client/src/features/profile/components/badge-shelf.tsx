import { Link } from 'react-router-dom';
import { formatJapaneseDate } from '@campus/contracts/tokyo-date';
import type { HeldBadge } from '../api/get-held-badges';
import { SkillBadgeImage } from '../../../components/artwork/skill-badge-image';
import { shelveBadges } from '../badge-shelf';

export const NO_BADGES_TEXT = 'まだスキルバッジはありません。';
const BADGE_LANDING_PATH = '/lineyahoo-marketing-skill-badge';

type ShelfKind = 'held' | 'expiring' | 'expired';

const SHELVES: { kind: ShelfKind; title: string; status: string }[] = [
  { kind: 'held', title: '有効なバッジ', status: '有効' },
  { kind: 'expiring', title: 'まもなく期限切れ（30日以内）', status: 'まもなく期限切れ' },
  { kind: 'expired', title: '期限切れのバッジ', status: '期限切れ' },
];

/** The badges on the profile: each with its artwork, grouped by whether it is valid, about to expire or expired. */
export function BadgeShelf({ badges, now }: { badges: HeldBadge[]; now: Date }) {
  if (badges.length === 0) {
    return (
      <div className="empty-state badge-shelf__empty">
        <p className="empty-state__message">{NO_BADGES_TEXT}</p>
        <Link to={BADGE_LANDING_PATH}>認定コースを見る</Link>
      </div>
    );
  }
  const shelf = shelveBadges(badges, now);
  return (
    <div className="badge-shelf">
      {SHELVES.filter(({ kind }) => shelf[kind].length > 0).map(({ kind, title, status }) => (
        <section key={kind} className="badge-shelf__group" aria-labelledby={`badge-shelf-${kind}`}>
          <h3 id={`badge-shelf-${kind}`} className="badge-shelf__title">
            {title}
          </h3>
          <ul className="badge-shelf__list" aria-labelledby={`badge-shelf-${kind}`}>
            {shelf[kind].map((badge) => (
              <BadgeTile key={badge.courseSlug} badge={badge} kind={kind} status={status} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function BadgeTile({ badge, kind, status }: { badge: HeldBadge; kind: ShelfKind; status: string }) {
  return (
    <li className={`badge-tile badge-tile--${kind}`}>
      <SkillBadgeImage courseSlug={badge.courseSlug} label={badge.label} state={kind === 'expired' ? 'expired' : 'held'} />
      <span className="badge-tile__text">
        <span className="badge-tile__label">{badge.label}</span>
        <span className="badge-tile__status">{status}</span>
        {badge.expiresAt ? (
          <span className="badge-tile__expiry">
            有効期限 <time dateTime={badge.expiresAt}>{formatJapaneseDate(badge.expiresAt)}</time>
          </span>
        ) : null}
      </span>
    </li>
  );
}
