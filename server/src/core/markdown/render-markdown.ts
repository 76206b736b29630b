import MarkdownIt from 'markdown-it';

/**
 * Lesson bodies and the agreement texts are Markdown from the content pack, rendered here rather
 * than in the browser: phones are spared markdown-it (about a third of the lesson page's script).
 * `html: false` makes markdown-it escape any raw HTML in the source, and its link validation drops
 * `javascript:`, `vbscript:`, `file:` and non-image `data:` URLs, so its output needs no sanitiser:
 * it is the only HTML those pages ever inject.
 */
const markdown = new MarkdownIt({ html: false, linkify: true });

const isExternal = (href: string) => /^https?:\/\//i.test(href) || href.startsWith('//');

// External links open in a new tab, without giving that page a handle on this one.
const defaultLinkOpen = markdown.renderer.rules.link_open ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index]!;
  if (isExternal(token.attrGet('href') ?? '')) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer');
  }
  return defaultLinkOpen(tokens, index, options, env, self);
};

type Token = ReturnType<MarkdownIt['parse']>[number];

const headingLevel = (token: Token) => Number(token.tag.slice(1));

/**
 * The page's h1 is the lesson's (or agreement's) title, so the body's own headings start at h2 whatever level the
 * author began with; their relative levels are kept (no skipped levels for assistive technology).
 */
function startHeadingsAtTwo(tokens: Token[]): void {
  const levels = tokens.filter((token) => token.type === 'heading_open').map(headingLevel);
  if (levels.length === 0) return;
  const shift = 2 - Math.min(...levels);
  for (const token of tokens) {
    if (token.type === 'heading_open' || token.type === 'heading_close') token.tag = `h${Math.min(6, headingLevel(token) + shift)}`;
  }
}

/** A page body as HTML (see above for why it is safe to inject). */
export function renderMarkdown(body: string): string {
  const env = {};
  const tokens = markdown.parse(body, env);
  startHeadingsAtTwo(tokens);
  return markdown.renderer.render(tokens, markdown.options, env);
}
