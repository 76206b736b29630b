import { render, screen } from '@testing-library/react';
import { badgeStateOf, SkillBadgeImage } from './skill-badge-image';

describe('SkillBadgeImage', () => {
  it('shows a held badge in full colour with its Japanese name', () => {
    const { container } = render(<SkillBadgeImage courseSlug="line-ads-basic" label="LINE広告 Basic" state="held" size={96} />);
    const img = screen.getByRole('img', { name: 'LINE広告 Basic スキルバッジ' });
    expect(img).toHaveAttribute('src', '/badges/line-ads-basic.svg');
    expect(img).toHaveAttribute('width', '96');
    expect(img).toHaveAttribute('height', '96');
    expect(container.querySelector('.skill-badge')).toHaveClass('skill-badge--held');
    expect(screen.queryByText('期限切れ')).toBeNull();
  });

  it('greys a badge not yet earned, with a lock, and says so in its alt text', () => {
    const { container } = render(<SkillBadgeImage courseSlug="line-ads-advanced" label="LINE広告 Advanced" state="locked" />);
    expect(screen.getByRole('img', { name: 'LINE広告 Advanced スキルバッジ（未取得）' })).toBeInTheDocument();
    expect(container.querySelector('.skill-badge')).toHaveClass('skill-badge--locked');
    expect(container.querySelector('.skill-badge__lock')).toHaveAttribute('aria-hidden', 'true');
  });

  it('marks an expired badge 期限切れ, in the picture and in its alt text', () => {
    const { container } = render(<SkillBadgeImage courseSlug="yahoo-ads-searchads-basic" label="Yahoo!広告 検索広告 Basic" state="expired" />);
    expect(screen.getByRole('img', { name: 'Yahoo!広告 検索広告 Basic スキルバッジ（期限切れ）' })).toBeInTheDocument();
    expect(container.querySelector('.skill-badge')).toHaveClass('skill-badge--expired');
    expect(screen.getByText('期限切れ')).toHaveAttribute('aria-hidden', 'true');
  });

  it('has an empty alt when decorative (the same words sit beside it)', () => {
    const { container } = render(<SkillBadgeImage courseSlug="line-ads-basic" label="LINE広告 Basic" decorative />);
    expect(container.querySelector('img')).toHaveAttribute('alt', '');
  });

  it('maps the catalogue badge status to the picture state', () => {
    expect(badgeStateOf('available')).toBe('held');
    expect(badgeStateOf('unavailable')).toBe('locked');
    expect(badgeStateOf('expired')).toBe('expired');
  });
});
