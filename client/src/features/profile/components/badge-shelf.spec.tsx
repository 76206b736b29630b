import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { HeldBadge } from '../api/get-held-badges';
import { BadgeShelf, NO_BADGES_TEXT } from './badge-shelf';

const NOW = new Date('2026-11-27T00:00:00.000Z');

const renderShelf = (badges: HeldBadge[]) =>
  render(
    <MemoryRouter>
      <BadgeShelf badges={badges} now={NOW} />
    </MemoryRouter>,
  );

describe('BadgeShelf', () => {
  it('says there is no badge yet and leads to the certification courses', () => {
    renderShelf([]);
    expect(screen.getByText(NO_BADGES_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '認定コースを見る' }).getAttribute('href')).toBe('/lineyahoo-marketing-skill-badge');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('groups badges into valid, expiring within 30 days and expired, each with its artwork', () => {
    renderShelf([
      { courseSlug: 'line-ads-basic', label: 'LINE広告 Basic', status: 'available', expiresAt: '2027-11-22T15:30:00.000Z' },
      { courseSlug: 'yahoo-ads-searchads-basic', label: '検索広告 Basic', status: 'available', expiresAt: '2026-12-10T00:00:00.000Z' },
      { courseSlug: 'line-ads-advanced', label: 'LINE広告 Advanced', status: 'expired', expiresAt: '2026-01-05T00:00:00.000Z' },
    ]);

    const tiles = (name: string) => within(screen.getByRole('list', { name })).getAllByRole('listitem');
    const valid = tiles('有効なバッジ');
    expect(valid.map((tile) => tile.textContent)).toEqual(['LINE広告 Basic有効有効期限 2027年11月23日']);
    const image = within(valid[0]).getByRole('img', { name: 'LINE広告 Basic スキルバッジ' });
    expect(image.getAttribute('src')).toBe('/badges/line-ads-basic.svg');
    expect(image).toHaveAttribute('width', '96');
    expect(image).toHaveAttribute('height', '96');

    expect(tiles('まもなく期限切れ（30日以内）').map((tile) => tile.textContent)).toEqual(['検索広告 Basicまもなく期限切れ有効期限 2026年12月10日']);
    const expired = tiles('期限切れのバッジ');
    expect(expired.map((tile) => tile.textContent)).toEqual(['期限切れLINE広告 Advanced期限切れ有効期限 2026年1月5日']);
    expect(within(expired[0]).getByRole('img', { name: 'LINE広告 Advanced スキルバッジ（期限切れ）' })).toBeInTheDocument();
    expect(screen.queryByText(NO_BADGES_TEXT)).toBeNull();
  });

  it('shows only the groups that have a badge', () => {
    renderShelf([{ courseSlug: 'line-ads-basic', label: 'LINE広告 Basic', status: 'available', expiresAt: null }]);
    expect(screen.getAllByRole('list')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 3, name: '有効なバッジ' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '期限切れのバッジ' })).toBeNull();
    expect(screen.queryByText(/有効期限/)).toBeNull();
  });
});
