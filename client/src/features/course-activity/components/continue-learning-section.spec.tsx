import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { aCourseCard } from '../../../test/catalogue-fixtures';
import type { RecentHistory } from '../hooks/use-recent-course-history';
import { CONTINUE_EMPTY_TEXT, ContinueLearningSection } from './continue-learning-section';

const renderRow = (recent: RecentHistory) =>
  render(
    <MemoryRouter>
      <ContinueLearningSection recent={recent} />
    </MemoryRouter>,
  );

const visited = (overrides: Parameters<typeof aCourseCard>[0]) => ({ ...aCourseCard(overrides), visitedAt: '2026-11-20T00:00:00.000Z' });

describe('ContinueLearningSection', () => {
  it('shows the course under way opened last with its progress and the way back in', () => {
    renderRow({
      status: 'loaded',
      history: {
        items: [
          visited({ title: 'LINE広告の基本', path: '/line-ads/courses/line-ads-basics', lessonCount: 4, completedLessonCount: 2 }),
          visited({ title: '前に見たコース', lessonCount: 3, completedLessonCount: 1 }),
        ],
        total: 2,
      },
    });

    const row = screen.getByRole('region', { name: '続きから学ぶ' });
    expect(within(row).getByText('LINE広告の基本')).toBeInTheDocument();
    expect(within(row).queryByText('前に見たコース')).toBeNull();
    expect(within(row).getByRole('progressbar', { name: '2 / 4 レッスン完了' })).toHaveAttribute('aria-valuenow', '2');
    expect(within(row).getByRole('link', { name: 'レッスンを再開する' }).getAttribute('href')).toBe('/line-ads/courses/line-ads-basics');
    expect(row).toHaveAttribute('aria-busy', 'false');
  });

  it('says so when no course is under way', () => {
    renderRow({ status: 'loaded', history: { items: [], total: 0 } });
    expect(screen.getByRole('region', { name: '続きから学ぶ' })).toHaveTextContent(CONTINUE_EMPTY_TEXT);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('holds the row’s place while the history loads', () => {
    renderRow({ status: 'loading' });
    const row = screen.getByRole('region', { name: '続きから学ぶ' });
    expect(row).toHaveAttribute('aria-busy', 'true');
    expect(within(row).getByLabelText('読み込み中')).toBeInTheDocument();
  });

  it.each([
    ['a visitor', { status: 'hidden' } as const],
    ['a failed read (the history section reports it)', { status: 'failed', retry: () => undefined } as const],
  ])('is not there for %s', (_, recent) => {
    renderRow(recent);
    expect(screen.queryByRole('region', { name: '続きから学ぶ' })).toBeNull();
  });
});
