import { analyticsCspSources, withAnalyticsTagIds } from './analytics-tags-html';

const INDEX = '<html><head><title>t</title></head><body></body></html>';

describe('withAnalyticsTagIds', () => {
  it('leaves the page as it is when no tracker is configured', () => {
    expect(withAnalyticsTagIds(INDEX, {})).toBe(INDEX);
  });

  it('announces each configured id in the head', () => {
    const html = withAnalyticsTagIds(INDEX, { tagManagerId: 'GTM-AB12CD', lineTagId: '0f8e2a34-1b2c-4d5e-8f90-123456789abc' });
    expect(html).toContain('<meta name="campus:tag-manager-id" content="GTM-AB12CD" />');
    expect(html).toContain('<meta name="campus:line-tag-id" content="0f8e2a34-1b2c-4d5e-8f90-123456789abc" />');
    expect(html.indexOf('campus:line-tag-id')).toBeLessThan(html.indexOf('</head>'));
  });

  it('announces only the configured one', () => {
    const html = withAnalyticsTagIds(INDEX, { tagManagerId: 'GTM-AB12CD' });
    expect(html).toContain('campus:tag-manager-id');
    expect(html).not.toContain('campus:line-tag-id');
  });
});

describe('analyticsCspSources', () => {
  it('opens nothing when no tracker is configured', () => {
    expect(analyticsCspSources({})).toEqual({ script: [], connect: [] });
  });

  it("opens the tag manager's origins only for the tag manager", () => {
    const sources = analyticsCspSources({ tagManagerId: 'GTM-AB12CD' });
    expect(sources.script).toEqual(['https://www.googletagmanager.com']);
    expect(sources.connect).toContain('https://*.google-analytics.com');
    expect(sources.connect).not.toContain('https://tr.line.me');
  });

  it("opens the LINE Tag's origins for the ad tag", () => {
    const sources = analyticsCspSources({ lineTagId: '0f8e2a34-1b2c-4d5e-8f90-123456789abc' });
    expect(sources).toEqual({ script: ['https://d.line-scdn.net'], connect: ['https://tr.line.me'] });
  });
});
