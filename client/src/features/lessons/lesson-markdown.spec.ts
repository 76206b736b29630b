import { renderLessonMarkdown } from './lesson-markdown';

/** The rendered HTML as a DOM, to ask it questions instead of matching strings. */
function dom(body: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderLessonMarkdown(body);
  return container;
}

describe('renderLessonMarkdown', () => {
  it('renders headings, lists, emphasis and code', () => {
    const html = dom('## 配信の準備\n\n- **あいさつ**メッセージ\n- `リッチメニュー`\n');
    expect(html.querySelector('h2')?.textContent).toBe('配信の準備');
    expect(html.querySelectorAll('li')).toHaveLength(2);
    expect(html.querySelector('strong')?.textContent).toBe('あいさつ');
    expect(html.querySelector('code')?.textContent).toBe('リッチメニュー');
  });

  it('starts the headings at h2 under the page title, keeping their relative levels', () => {
    const fromOne = dom('# はじめに\n\n## 手順\n\n#### 補足');
    expect(Array.from(fromOne.querySelectorAll('h1, h2, h3, h4, h5, h6')).map((heading) => heading.tagName)).toEqual(['H2', 'H3', 'H5']);
    const fromThree = dom('### 要点\n\n#### 詳細');
    expect(Array.from(fromThree.querySelectorAll('h2, h3, h4')).map((heading) => `${heading.tagName}:${heading.textContent}`)).toEqual([
      'H2:要点',
      'H3:詳細',
    ]);
  });

  it('escapes raw HTML instead of rendering it', () => {
    const html = dom('こんにちは <script>alert(1)</script> <img src=x onerror="alert(2)">\n\n<div onclick="x()">ブロック</div>');
    expect(html.querySelector('script')).toBeNull();
    expect(html.querySelector('img')).toBeNull();
    expect(html.querySelector('div')).toBeNull();
    expect(html.querySelector('[onerror], [onclick]')).toBeNull();
    // The learner sees the markup as text.
    expect(html.textContent).toContain('<script>alert(1)</script>');
  });

  it('does not link javascript: or data: URLs', () => {
    const html = dom('[押してね](javascript:alert(1)) と [これも](data:text/html;base64,PHNjcmlwdD4=) と <javascript:alert(3)>');
    expect(html.querySelectorAll('a')).toHaveLength(0);
  });

  it('opens external links in a new tab without an opener, and keeps internal links in the page', () => {
    const html = dom('[ヘルプ](https://help.example.jp/) と [コース](/line-ads/courses/basics) と https://example.com/auto');
    const [help, course, auto] = Array.from(html.querySelectorAll('a'));
    expect(help?.getAttribute('href')).toBe('https://help.example.jp/');
    expect(help?.getAttribute('target')).toBe('_blank');
    expect(help?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(course?.getAttribute('target')).toBeNull();
    expect(course?.getAttribute('rel')).toBeNull();
    // linkify: a bare URL becomes a link too, and is external.
    expect(auto?.getAttribute('href')).toBe('https://example.com/auto');
    expect(auto?.getAttribute('target')).toBe('_blank');
  });
});
