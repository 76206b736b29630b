import { renderMarkdown } from './render-markdown';

describe('renderMarkdown', () => {
  it('renders headings, lists, emphasis and code', () => {
    expect(renderMarkdown('## 配信の準備\n\n- **あいさつ**メッセージ\n- `リッチメニュー`\n')).toBe(
      '<h2>配信の準備</h2>\n<ul>\n<li><strong>あいさつ</strong>メッセージ</li>\n<li><code>リッチメニュー</code></li>\n</ul>\n',
    );
  });

  it('starts the headings at h2 under the page title, keeping their relative levels', () => {
    expect(renderMarkdown('# はじめに\n\n## 手順\n\n#### 補足')).toBe('<h2>はじめに</h2>\n<h3>手順</h3>\n<h5>補足</h5>\n');
    expect(renderMarkdown('### 要点\n\n#### 詳細')).toBe('<h2>要点</h2>\n<h3>詳細</h3>\n');
  });

  it('escapes raw HTML, so the learner sees the markup as text', () => {
    expect(renderMarkdown('こんにちは <script>alert(1)</script> <img src=x onerror="alert(2)">\n\n<div onclick="x()">ブロック</div>')).toBe(
      '<p>こんにちは &lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=&quot;alert(2)&quot;&gt;</p>\n' +
        '<p>&lt;div onclick=&quot;x()&quot;&gt;ブロック&lt;/div&gt;</p>\n',
    );
  });

  it('does not link javascript: or data: URLs', () => {
    const html = renderMarkdown('[押してね](javascript:alert(1)) と [これも](data:text/html;base64,PHNjcmlwdD4=) と <javascript:alert(3)>');
    expect(html).not.toContain('<a');
    expect(html).toBe('<p>[押してね](javascript:alert(1)) と [これも](data:text/html;base64,PHNjcmlwdD4=) と &lt;javascript:alert(3)&gt;</p>\n');
  });

  it('opens external links (bare URLs too) in a new tab without an opener, and keeps internal links in the page', () => {
    expect(renderMarkdown('[ヘルプ](https://help.example.jp/) と [コース](/line-ads/courses/basics) と https://example.com/auto')).toBe(
      '<p><a href="https://help.example.jp/" target="_blank" rel="noopener noreferrer">ヘルプ</a>' +
        ' と <a href="/line-ads/courses/basics">コース</a>' +
        ' と <a href="https://example.com/auto" target="_blank" rel="noopener noreferrer">https://example.com/auto</a></p>\n',
    );
  });

  it('renders an empty or blank body as nothing (the page then says the text is not ready)', () => {
    expect(renderMarkdown('')).toBe('');
    expect(renderMarkdown('  \n')).toBe('');
  });
});
