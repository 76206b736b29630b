import { inlineDisposition, isLessonMediaFile, lessonMediaType } from './lesson-media';

describe('lessonMediaType', () => {
  it.each([
    ['application/pdf', 'application/pdf'],
    ['video/mp4', 'video/mp4'],
    ['Video/WebM; codecs="vp9"', 'video/webm'],
    ['image/png', 'image/png'],
    ['image/jpeg', 'image/jpeg'],
    ['image/gif', 'image/gif'],
    ['image/webp;q=1', 'image/webp'],
  ])('accepts %s as %s', (header, type) => expect(lessonMediaType(header)).toBe(type));

  it.each(['text/html', 'image/svg+xml', 'application/xhtml+xml', 'text/javascript', 'application/octet-stream', 'text/plain', '', undefined, 'constructor', '__proto__'])(
    'refuses %s',
    (header) => expect(lessonMediaType(header)).toBeNull(),
  );
});

describe('isLessonMediaFile', () => {
  it.each(['slides/a.pdf', 'videos/動画.MP4', 'b.webm', 'c.png', 'd.jpg', 'e.JPEG', 'f.gif', 'g.webp'])('accepts %s', (file) => expect(isLessonMediaFile(file)).toBe(true));
  it.each(['index.html', 'a.svg', 'a.pdf.html', 'noextension', '.pdf', 'a.js'])('refuses %s', (file) => expect(isLessonMediaFile(file)).toBe(false));
});

describe('inlineDisposition', () => {
  it('names the file inline, in ASCII and in UTF-8', () => {
    expect(inlineDisposition('/videos/%E5%8B%95%E7%94%BB.mp4', 'video/mp4')).toBe(
      `inline; filename="__.mp4"; filename*=UTF-8''%E5%8B%95%E7%94%BB.mp4`,
    );
  });

  it('gives a name without the extension of its type that extension', () => {
    expect(inlineDisposition('/clip', 'video/webm')).toBe(`inline; filename="clip.webm"; filename*=UTF-8''clip.webm`);
    expect(inlineDisposition('/', 'application/pdf')).toBe(`inline; filename="download.pdf"; filename*=UTF-8''download.pdf`);
  });

  it('keeps quotes, separators and line breaks out of the header', () => {
    const header = inlineDisposition(`/${encodeURIComponent('a"b;c\r\nSet-Cookie: x=1\\.pdf')}`, 'application/pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(`inline; filename="abcSet-Cookie x=1.pdf"; filename*=UTF-8''abcSet-Cookie%20x%3D1.pdf`);
    expect(inlineDisposition("/it's (1).pdf", 'application/pdf')).toContain(`filename*=UTF-8''it%27s%20%281%29.pdf`);
  });

  it('survives escapes that do not decode and a name cut through a surrogate pair', () => {
    expect(inlineDisposition('/%E3%81.pdf', 'application/pdf')).toBe(`inline; filename="%E3%81.pdf"; filename*=UTF-8''%25E3%2581.pdf`);
    expect(() => inlineDisposition(`/${encodeURIComponent('a'.repeat(119) + '😀')}`, null)).not.toThrow();
  });
});
