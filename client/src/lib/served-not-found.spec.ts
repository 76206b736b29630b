import { isNotFoundResponse, thrown } from '../test/loader-errors';
import { pretendServed } from '../test/served-document';
import { servedAsNotFound, throwIfServedNotFound } from './served-not-found';

const request = (path: string) => new Request(`http://campus.test${path}`);

describe('servedAsNotFound', () => {
  let undo = () => {};
  afterEach(() => undo());

  it('is true for the very page the server answered 404, and only for it', () => {
    undo = pretendServed('/notifications/general/00000000-0000-4000-8000-000000000000', 404);
    expect(servedAsNotFound(request('/notifications/general/00000000-0000-4000-8000-000000000000'))).toBe(true);
    // A query does not make another page.
    expect(servedAsNotFound(request('/notifications/general/00000000-0000-4000-8000-000000000000?from=mail'))).toBe(true);
    expect(servedAsNotFound(request('/notifications/general/11111111-0000-4000-8000-000000000000'))).toBe(false);
  });

  it('is false for a page answered 200, and where the browser does not tell the status', () => {
    undo = pretendServed('/mypage/certificates/K7QF2M9A00', 200);
    expect(servedAsNotFound(request('/mypage/certificates/K7QF2M9A00'))).toBe(false);
    undo();
    expect(servedAsNotFound(request('/mypage/certificates/K7QF2M9A00'))).toBe(false);
  });

  it('throws the router’s 404 for such a page', async () => {
    undo = pretendServed('/mypage/certificates/NOPE', 404);
    expect(isNotFoundResponse(await thrown((async () => throwIfServedNotFound(request('/mypage/certificates/NOPE')))()))).toBe(true);
    expect(() => throwIfServedNotFound(request('/mypage/certificates'))).not.toThrow();
  });
});
