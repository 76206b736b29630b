import { announcedTrackers } from './install-analytics';

const announce = (name: string, content: string) => {
  const meta = document.createElement('meta');
  meta.name = name;
  meta.content = content;
  document.head.append(meta);
};

describe('announcedTrackers', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    delete (window as unknown as { dataLayer?: unknown }).dataLayer;
    delete (window as unknown as { _ltq?: unknown })._ltq;
    delete (window as unknown as { _lt?: unknown })._lt;
  });

  it('makes and loads nothing when the page announces no tracker', () => {
    expect(announcedTrackers()).toEqual([]);
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect((window as unknown as { dataLayer?: unknown }).dataLayer).toBeUndefined();
  });

  it('makes the tag manager and the ad tag the page announces, loading each script', () => {
    announce('campus:tag-manager-id', 'GTM-AB12CD');
    announce('campus:line-tag-id', '0f8e2a34-1b2c-4d5e-8f90-123456789abc');
    const trackers = announcedTrackers();
    expect(trackers).toHaveLength(2);
    expect([...document.querySelectorAll('script')].map((script) => new URL(script.src).host)).toEqual([
      'www.googletagmanager.com',
      'd.line-scdn.net',
    ]);
  });

  it('ignores an announcement with an empty id', () => {
    announce('campus:tag-manager-id', '  ');
    expect(announcedTrackers()).toEqual([]);
  });
});
