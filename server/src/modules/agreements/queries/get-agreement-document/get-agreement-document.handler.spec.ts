import { parseConfig } from '../../../../config/config';
import { siteTexts } from '../../../catalogue/catalogue.schema';
import { openPgliteStore } from '../../../../testing/pglite-store';
import { GetAgreementDocumentHandler, splitTitle } from './get-agreement-document.handler';
import { GetAgreementDocumentQuery } from './get-agreement-document.query';

describe('GetAgreementDocumentHandler', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let handler: GetAgreementDocumentHandler;

  beforeAll(async () => {
    store = await openPgliteStore();
    handler = new GetAgreementDocumentHandler(store.connection, parseConfig({ TERMS_VERSION: '2026-10-01' }));
  });
  afterAll(() => store.connection.close());

  it('answers NOT_FOUND while no text was imported', async () => {
    await expect(handler.execute(new GetAgreementDocumentQuery('terms'))).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('answers the text with the version a learner accepts, its heading as the title and the body as HTML from h2', async () => {
    await store.db.insert(siteTexts).values({
      key: 'terms',
      value: '# 利用規約\n\n前文 <b>太字ではない</b>\n\n## 第1条（適用）\n\n1. 本規約は適用されます。\n',
      contentHash: 'h',
    });
    await expect(handler.execute(new GetAgreementDocumentQuery('terms'))).resolves.toEqual({
      kind: 'terms',
      version: '2026-10-01',
      title: '利用規約',
      bodyHtml: '<p>前文 &lt;b&gt;太字ではない&lt;/b&gt;</p>\n<h2>第1条（適用）</h2>\n<ol>\n<li>本規約は適用されます。</li>\n</ol>\n',
    });
    // The other text is another key.
    await expect(handler.execute(new GetAgreementDocumentQuery('privacy'))).rejects.toMatchObject({ status: 404 });
  });

  it('names a text without a heading by its kind', () => {
    expect(splitTitle('本文だけ', 'privacy')).toEqual({ title: 'プライバシーポリシー', body: '本文だけ' });
    expect(splitTitle('\n# プライバシーポリシー #\r\n本文', 'privacy')).toEqual({ title: 'プライバシーポリシー', body: '本文' });
  });
});
