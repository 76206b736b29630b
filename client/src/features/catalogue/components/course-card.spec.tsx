import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { CourseCard } from '@campus/contracts/catalogue';
import { aCourseCard } from '../../../test/catalogue-fixtures';
import { CourseCardView } from './course-card';

// The heart is helper B's component; here only what the card hands it matters.
jest.mock('../../../components/favorite-toggle/favorite-toggle', () => ({
  FavoriteToggle: (props: { kind: string; slug: string; title: string; initial: boolean }) => (
    <button type="button" data-testid="favorite" data-props={JSON.stringify(props)} />
  ),
}));

const renderCard = (course: CourseCard, headingLevel?: 2 | 3) =>
  render(
    <MemoryRouter>
      <CourseCardView course={course} headingLevel={headingLevel} />
    </MemoryRouter>,
  );

const favoriteProps = () => JSON.parse(screen.getByTestId('favorite').getAttribute('data-props') ?? 'null') as unknown;

describe('CourseCardView', () => {
  it('links its title to the course page and shows level, time and lesson count', () => {
    renderCard(aCourseCard({ level: 'INTERMEDIATE', estimatedMinutes: 45, lessonCount: 6 }));

    const heading = screen.getByRole('heading', { level: 3 });
    const link = within(heading).getByRole('link');
    expect(link.getAttribute('href')).toBe('/line-official-account/courses/oa-getting-started');
    expect(heading.textContent).toBe('LINE公式アカウントをはじめよう');
    expect(screen.getByText('中級')).toBeInTheDocument();
    expect(screen.getByText('45分')).toBeInTheDocument();
    expect(screen.getByText('6')).toBeInTheDocument();
    expect(screen.getByText('アカウントの開設から最初の配信までを順番に学びます。')).toBeInTheDocument();
  });

  it('leads with the course thumbnail, decorative beside the title, lazy unless it is the first card', () => {
    const { container, rerender } = renderCard(aCourseCard());
    const img = container.querySelector('picture img')!;
    expect(img).toHaveAttribute('alt', '');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img.getAttribute('src')).toBe('/course-images/learning-oa-getting-started-320.png');
    rerender(
      <MemoryRouter>
        <CourseCardView course={aCourseCard()} eagerImage />
      </MemoryRouter>,
    );
    expect(container.querySelector('picture img')).toHaveAttribute('loading', 'eager');
  });

  it.each([
    ['BEGINNER', '初級'],
    ['ADVANCED', '上級'],
  ] as const)('names the level %s in Japanese', (level, label) => {
    renderCard(aCourseCard({ level }));
    expect(screen.getByText(label)).toBeInTheDocument();
  });

  it('uses the heading level it is given', () => {
    renderCard(aCourseCard(), 2);
    expect(screen.getByRole('heading', { level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull();
  });

  it('shows the progress only once a lesson is completed', () => {
    const { unmount } = renderCard(aCourseCard({ lessonCount: 5, completedLessonCount: 0 }));
    expect(screen.queryByText(/レッスン完了/)).toBeNull();
    unmount();

    renderCard(aCourseCard({ lessonCount: 5, completedLessonCount: 2 }));
    expect(screen.getByText('2 / 5 レッスン完了')).toBeInTheDocument();
  });

  it('marks a course for logged-in learners only', () => {
    const { unmount } = renderCard(aCourseCard({ loginRequired: false }));
    expect(screen.queryByText('ログイン限定')).toBeNull();
    unmount();

    renderCard(aCourseCard({ loginRequired: true }));
    expect(screen.getByText('ログイン限定')).toBeInTheDocument();
  });

  it.each(['learning', 'seminar', 'certification'] as const)('offers the wish-list heart for a %s course, with its state', (kind) => {
    renderCard(aCourseCard({ kind, slug: 'x', title: 'コースX', isFavorite: true }));
    expect(favoriteProps()).toEqual({ kind, slug: 'x', title: 'コースX', initial: true });
  });

  it('has no heart on a video course (videos cannot be wished for)', () => {
    renderCard(aCourseCard({ kind: 'video', path: '/learn-with-video/yahoo-ads/courses/v' }));
    expect(screen.queryByTestId('favorite')).toBeNull();
    expect(screen.getByRole('link').getAttribute('href')).toBe('/learn-with-video/yahoo-ads/courses/v');
  });

  it('keeps the heart out of the link (a button inside a link is unusable)', () => {
    renderCard(aCourseCard());
    expect(screen.getByRole('link').contains(screen.getByTestId('favorite'))).toBe(false);
  });
});
