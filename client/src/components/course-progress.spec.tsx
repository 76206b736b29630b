import { render, screen } from '@testing-library/react';
import { CourseProgress, progressPercent } from './course-progress';

describe('CourseProgress', () => {
  it('is a progress bar named by its visible text, with the lessons done as its value', () => {
    render(<CourseProgress completed={2} total={4} />);

    const bar = screen.getByRole('progressbar', { name: '2 / 4 レッスン完了' });
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '4');
    expect(bar).toHaveAttribute('aria-valuenow', '2');
    expect(bar).toHaveAttribute('aria-valuetext', '50%');
    expect(screen.getByText('2 / 4 レッスン完了')).toBeVisible();
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('50%');
  });

  it('fills the whole bar when every lesson is done, and the compact form says the same', () => {
    render(<CourseProgress compact completed={3} total={3} />);
    const bar = screen.getByRole('progressbar', { name: '3 / 3 レッスン完了' });
    expect(bar).toHaveAttribute('aria-valuetext', '100%');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('100%');
    expect(bar.parentElement).toHaveClass('course-progress--compact');
  });

  it.each([
    [0, 0, 0],
    [1, 3, 33],
    [5, 4, 100],
    [-1, 4, 0],
  ])('counts %i of %i lessons as %i%%', (completed, total, percent) => {
    expect(progressPercent(completed, total)).toBe(percent);
  });
});
