import { attachmentDisposition } from './content-disposition';

describe('attachmentDisposition', () => {
  it('gives the Japanese name as RFC 5987 filename* and an ASCII fallback', () => {
    const header = attachmentDisposition("認定証_LINE広告_Basic_(1)'.pdf", 'certificate.pdf');
    expect(header).toBe(`attachment; filename="certificate.pdf"; filename*=UTF-8''%E8%AA%8D%E5%AE%9A%E8%A8%BC_LINE%E5%BA%83%E5%91%8A_Basic_%281%29%27.pdf`);
    expect(decodeURIComponent(header.split("''")[1]!)).toBe("認定証_LINE広告_Basic_(1)'.pdf");
  });

  it('keeps quotes and non-ASCII out of the fallback', () => {
    expect(attachmentDisposition('a.pdf', 'ce"rt証.pdf')).toContain('filename="ce_rt_.pdf"');
  });
});
