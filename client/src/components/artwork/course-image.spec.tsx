import { fireEvent, render } from '@testing-library/react';
import { CourseImage, courseImageUrl } from './course-image';

const sourceOf = (container: HTMLElement, type: string) => container.querySelector(`source[type="${type}"]`);

describe('CourseImage', () => {
  it('offers AVIF, then WebP, then a PNG fallback, each at 320 and 640 px', () => {
    const { container } = render(<CourseImage kind="video" slug="search-ads-quick-start" program="Y_ADS" />);
    const sources = [...container.querySelectorAll('picture > source')].map((source) => source.getAttribute('type'));
    expect(sources).toEqual(['image/avif', 'image/webp']);
    expect(sourceOf(container, 'image/avif')?.getAttribute('srcset')).toBe(
      '/course-images/video-search-ads-quick-start-320.avif 320w, /course-images/video-search-ads-quick-start-640.avif 640w',
    );
    expect(sourceOf(container, 'image/webp')?.getAttribute('srcset')).toContain('/course-images/video-search-ads-quick-start-640.webp 640w');
    const img = container.querySelector('picture > img')!;
    expect(img.getAttribute('src')).toBe('/course-images/video-search-ads-quick-start-320.png');
    expect(img.getAttribute('srcset')).toContain('-640.png 640w');
    for (const element of container.querySelectorAll('source, img')) expect(element.getAttribute('sizes')).toMatch(/\d/);
  });

  it('sets width and height (16:9), so the page does not shift when the image arrives', () => {
    const { container } = render(<CourseImage kind="learning" slug="oa-getting-started" program="OA" />);
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('width', '640');
    expect(img).toHaveAttribute('height', '360');
  });

  it('is decorative by default (the title is printed beside it) and takes a Japanese alt when asked', () => {
    const { container, rerender } = render(<CourseImage kind="learning" slug="oa-getting-started" program="OA" />);
    expect(container.querySelector('img')).toHaveAttribute('alt', '');
    rerender(<CourseImage kind="learning" slug="oa-getting-started" program="OA" alt="はじめてのLINE公式アカウント" />);
    expect(container.querySelector('img')).toHaveAttribute('alt', 'はじめてのLINE公式アカウント');
  });

  it('loads lazily unless it is the first card a visitor sees', () => {
    const { container, rerender } = render(<CourseImage kind="learning" slug="oa-getting-started" program="OA" />);
    expect(container.querySelector('img')).toHaveAttribute('loading', 'lazy');
    rerender(<CourseImage kind="learning" slug="oa-getting-started" program="OA" eager />);
    expect(container.querySelector('img')).toHaveAttribute('loading', 'eager');
  });

  it('shows the programme colour in the same box when the course has no drawn image', () => {
    const { container } = render(<CourseImage kind="seminar" slug="added-later" program="AD" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.course-image--missing.course-image--ad')).not.toBeNull();
  });

  it('names files by kind and slug, as npm run course-images writes them', () => {
    expect(courseImageUrl('certification', 'line-ads-basic', 640, 'webp')).toBe('/course-images/certification-line-ads-basic-640.webp');
  });
});
