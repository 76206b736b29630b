import { render } from '@testing-library/react';
import { usePageScrollLock } from './use-page-scroll-lock';

function Layer({ locked }: { locked: boolean }) {
  usePageScrollLock(locked);
  return null;
}

/** jsdom lays nothing out: the window and the page's width are set as a browser would report them. */
function widths(window: number, page: number) {
  Object.defineProperty(globalThis, 'innerWidth', { configurable: true, value: window });
  Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: page });
}

afterEach(() => {
  document.body.removeAttribute('style');
});

describe('usePageScrollLock', () => {
  it('stops the page scrolling and keeps a classic scroll bar\'s room, then gives both back', () => {
    widths(1280, 1265);
    document.body.style.paddingRight = '2px';
    const { rerender } = render(<Layer locked={true} />);
    expect(document.body.style.overflow).toBe('hidden');
    expect(document.body.style.paddingRight).toBe('15px');

    rerender(<Layer locked={false} />);
    expect(document.body.style.overflow).toBe('');
    expect(document.body.style.paddingRight).toBe('2px');
  });

  it('adds no room where scroll bars take none (a phone\'s, drawn over the page)', () => {
    widths(390, 390);
    const { unmount } = render(<Layer locked={true} />);
    expect(document.body.style.overflow).toBe('hidden');
    expect(document.body.style.paddingRight).toBe('');
    unmount();
    expect(document.body.style.overflow).toBe('');
  });

  it('does nothing while unlocked', () => {
    widths(1280, 1265);
    render(<Layer locked={false} />);
    expect(document.body.getAttribute('style')).toBeNull();
  });
});
