import { lineTagAdapter } from './line-tag';

const TAG = '0f8e2a34-1b2c-4d5e-8f90-123456789abc';
type LineTagWindow = { _lt?: unknown; _ltq?: unknown[][] };
const queue = () => (window as unknown as LineTagWindow)._ltq;

describe('lineTagAdapter', () => {
  beforeEach(() => {
    delete (window as unknown as LineTagWindow)._lt;
    delete (window as unknown as LineTagWindow)._ltq;
    document.head.innerHTML = '';
  });

  it('initialises the tag and loads its script once', () => {
    lineTagAdapter(TAG);
    expect(queue()).toEqual([['init', { customerType: 'lap', tagId: TAG }]]);
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe('https://d.line-scdn.net/n/line_tag/public/release/v1/lt.js');
  });

  it('sends page views and goals as conversions, and no plain events', () => {
    const adapter = lineTagAdapter(TAG);
    adapter.pageView('/yahoo-ads');
    adapter.event('top_page', { section: 'pickup' });
    adapter.goal('login');
    expect(queue()?.slice(1)).toEqual([
      ['send', 'pv', [TAG]],
      ['send', 'cv', { type: 'Login' }, [TAG]],
    ]);
  });

  it("uses the tag's own function once its script has replaced the queue", () => {
    const adapter = lineTagAdapter(TAG);
    const calls: unknown[][] = [];
    (window as unknown as LineTagWindow)._lt = (...call: unknown[]) => calls.push(call);
    adapter.pageView('/');
    expect(calls).toEqual([['send', 'pv', [TAG]]]);
  });
});
