import { badgeArtworkNameOf } from '@campus/contracts/catalogue-slugs';
import type { BadgeStatus } from '@campus/contracts/catalogue';
import './skill-badge-image.css';

/** held: full colour; locked: not (yet) earned, greyed; expired: earned once, greyed and marked 期限切れ. */
export type SkillBadgeState = 'held' | 'locked' | 'expired';

const STATE_OF_STATUS: Record<BadgeStatus, SkillBadgeState> = { available: 'held', unavailable: 'locked', expired: 'expired' };
export const badgeStateOf = (status: BadgeStatus): SkillBadgeState => STATE_OF_STATUS[status];

const ALT_SUFFIX: Record<SkillBadgeState, string> = { held: '', locked: '（未取得）', expired: '（期限切れ）' };

/** The badge artwork `npm run badge-art` draws for a certification course (client/public/badges/). */
export const badgeImageUrl = (courseSlug: string, format: 'svg' | 'png' = 'svg') => `/badges/${badgeArtworkNameOf(courseSlug)}.${format}`;

/** 「LINE広告 Basic スキルバッジ」, with the state when it is not held. */
export const badgeAltText = (label: string, state: SkillBadgeState = 'held') => `${label} スキルバッジ${ALT_SUFFIX[state]}`;

/**
 * A certification course's skill badge. `label` is the course's short name (「LINE広告 Basic」); the text
 * alternative says the state too, so the image alone tells it. `decorative` when the same words sit beside it.
 */
export function SkillBadgeImage({
  courseSlug,
  label,
  state = 'held',
  size = 96,
  decorative = false,
  eager = false,
}: {
  courseSlug: string;
  label: string;
  state?: SkillBadgeState;
  size?: number;
  decorative?: boolean;
  eager?: boolean;
}) {
  return (
    <span className={`skill-badge skill-badge--${state}`} style={{ width: size }}>
      <img
        className="skill-badge__image"
        src={badgeImageUrl(courseSlug)}
        width={size}
        height={size}
        alt={decorative ? '' : badgeAltText(label, state)}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
      {/* The alt text already says it; the flag is for sighted learners. */}
      {state === 'expired' ? (
        <span className="skill-badge__flag" aria-hidden="true">
          期限切れ
        </span>
      ) : null}
      {state === 'locked' ? (
        <svg className="skill-badge__lock" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <rect x="4" y="10" width="16" height="11" rx="2" />
          <path d="M8 10V7a4 4 0 0 1 8 0v3" fill="none" strokeWidth="2.4" />
        </svg>
      ) : null}
    </span>
  );
}
