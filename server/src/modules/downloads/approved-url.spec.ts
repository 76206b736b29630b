import { parseConfig } from '../../config/config';
import { approveMediaUrl } from './approved-url';
import { isPublicAddress, publicOnlyLookup } from '../../common/http/public-address';

const config = parseConfig({ PUBLIC_URL: 'http://localhost:3000', STORAGE_HOSTS: 'https://storage.example.com' });
const approve = (url: string) => approveMediaUrl(url, config.storage, config.publicOrigin);

describe('approveMediaUrl', () => {
  it('serves the campus media storage from disk', () => {
    expect(approve('http://localhost:3000/media/slides/learning/a/b.pdf')).toEqual({ kind: 'local', relativePath: 'slides/learning/a/b.pdf' });
    expect(approve('http://localhost:3000/media/videos/%E5%8B%95%E7%94%BB.mp4')).toEqual({ kind: 'local', relativePath: 'videos/動画.mp4' });
  });

  it('fetches from an approved remote host', () => {
    const source = approve('https://storage.example.com/campus/a.mp4');
    expect(source).toMatchObject({ kind: 'remote' });
  });

  it.each([
    ['another host', 'https://evil.example.com/a.pdf'],
    ['an approved name as user-info', 'https://storage.example.com@evil.example.com/a.pdf'],
    ['user-info on the approved host', 'https://user:pass@storage.example.com/a.pdf'],
    ['plain http of an https host', 'http://storage.example.com/a.pdf'],
    ['a dotted IPv4 literal', 'http://127.0.0.1:3000/media/a.pdf'],
    ['a decimal IPv4 literal', 'http://2130706433/media/a.pdf'],
    ['a hex IPv4 literal', 'http://0x7f.0.0.1/media/a.pdf'],
    ['an octal IPv4 literal', 'http://0177.0.0.1/media/a.pdf'],
    ['an IPv6 literal', 'http://[::1]:3000/media/a.pdf'],
    ['an IPv4-mapped IPv6 literal', 'http://[::ffff:7f00:1]/a.pdf'],
    ['a file URL', 'file:///etc/passwd'],
    ['a path out of the media folder', 'http://localhost:3000/media/%2e%2e/%2e%2e/etc/passwd'],
    ['the campus outside /media/', 'http://localhost:3000/api/v1/me'],
    ['not a URL', 'slides/a.pdf'],
    ['a lone % in the media path', 'http://localhost:3000/media/%'],
    ['a cut UTF-8 escape', 'http://localhost:3000/media/%E3%81.pdf'],
    ['an escape that is not UTF-8', 'http://localhost:3000/media/%FF.pdf'],
  ])('refuses %s with a 400 naming url', (_case, url) => {
    expect(() => approve(url)).toThrow(expect.objectContaining({ status: 400, code: 'VALIDATION_FAILED', field: 'url' }));
  });
});

describe('isPublicAddress', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '100.64.0.1', '::1', 'fe80::1', 'fc00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '224.0.0.1', 'not-an-ip'])(
    'refuses %s',
    (address) => expect(isPublicAddress(address)).toBe(false),
  );

  it.each(['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('accepts %s', (address) => expect(isPublicAddress(address)).toBe(true));
});

describe('publicOnlyLookup', () => {
  const resolve = (allowPrivate: boolean) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((done) =>
      publicOnlyLookup(allowPrivate)('localhost', {}, (error, address) => done({ error, address })),
    );

  it('refuses a name that resolves to loopback', async () => {
    expect((await resolve(false)).error?.code).toBe('EADDRNOTPUBLIC');
  });

  it('lets it through only when private addresses are allowed (tests)', async () => {
    const { error, address } = await resolve(true);
    expect(error).toBeNull();
    expect(String(address)).toMatch(/^(127\.0\.0\.1|::1)$/);
  });
});
