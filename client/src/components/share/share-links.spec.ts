import {
  facebookShareUrl,
  pageUrlWithoutHash,
  snsShareUrl,
  snsWindowFeatures,
  withShareUtm,
  xShareUrl,
} from './share-links';

describe('share links', () => {
  it('drops the fragment of the page address', () => {
    expect(pageUrlWithoutHash('https://campus.example/a?b=1#lessons')).toBe('https://campus.example/a?b=1');
    expect(pageUrlWithoutHash('https://campus.example/a')).toBe('https://campus.example/a');
  });

  it('marks each target with its UTM parameters (spec §9)', () => {
    const page = 'https://campus.example/line-ads';
    expect(withShareUtm(page, 'facebook')).toBe(`${page}?utm_source=shared_sns&utm_medium=fb`);
    expect(withShareUtm(page, 'x')).toBe(`${page}?utm_source=shared_sns&utm_medium=tw`);
    expect(withShareUtm(page, 'link')).toBe(`${page}?utm_source=shared&utm_medium=link`);
  });

  it('keeps other query parameters and replaces an earlier share mark', () => {
    const marked = new URL(
      withShareUtm('https://campus.example/line-ads?level=BEGINNER&utm_source=shared_sns&utm_medium=fb&utm_campaign=x#top', 'link'),
    );
    expect(marked.searchParams.get('level')).toBe('BEGINNER');
    expect(marked.searchParams.get('utm_campaign')).toBe('x');
    expect(marked.searchParams.getAll('utm_source')).toEqual(['shared']);
    expect(marked.searchParams.getAll('utm_medium')).toEqual(['link']);
    expect(marked.hash).toBe('');
  });

  it('builds the networks’ dialog addresses with the link encoded', () => {
    const link = 'https://campus.example/s/abc?x=1&y=2';
    expect(facebookShareUrl(link)).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fcampus.example%2Fs%2Fabc%3Fx%3D1%26y%3D2');
    expect(xShareUrl(link, 'はじめて & 応用')).toBe(
      `https://twitter.com/intent/tweet?url=https%3A%2F%2Fcampus.example%2Fs%2Fabc%3Fx%3D1%26y%3D2&text=${encodeURIComponent('はじめて & 応用')}`,
    );
    expect(snsShareUrl('facebook', link, 't')).toBe(facebookShareUrl(link));
    expect(snsShareUrl('x', link, 't')).toBe(xShareUrl(link, 't'));
  });

  it('opens the share window at 626×436, centred on the browser window', () => {
    expect(snsWindowFeatures()).toMatch(/^width=626,height=436,/);
    const features = snsWindowFeatures({ screenX: 100, screenY: 50, outerWidth: 1226, outerHeight: 836 });
    expect(features).toContain('width=626,height=436,left=400,top=250');
    // Never off the screen's left or top edge.
    expect(snsWindowFeatures({ screenX: 0, screenY: 0, outerWidth: 400, outerHeight: 300 })).toContain('left=0,top=0');
  });
});
