import { contentDisposition, isInlineType } from '../../src/http/content-disposition';

describe('attachment Content-Disposition', () => {
  it('shows PDF, HTML and plain text inline, with or without parameters', () => {
    expect(isInlineType('application/pdf')).toBe(true);
    expect(isInlineType('text/html; charset=utf-8')).toBe(true);
    expect(isInlineType('TEXT/PLAIN')).toBe(true);
    expect(isInlineType('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(false);
    expect(isInlineType('application/json')).toBe(false);
  });

  it('keeps a plain ASCII name as a quoted filename only', () => {
    expect(contentDisposition('order-2024.pdf', 'application/pdf')).toBe('inline; filename="order-2024.pdf"');
    expect(contentDisposition('testimony.docx', 'application/octet-stream')).toBe(
      'attachment; filename="testimony.docx"',
    );
  });

  it('adds an RFC 8187 filename* for non-ASCII names, with an ASCII fallback', () => {
    expect(contentDisposition('Décision n° 5 – été.pdf', 'application/pdf')).toBe(
      `inline; filename="Decision n_ 5 _ ete.pdf"; ` +
        `filename*=UTF-8''D%C3%A9cision%20n%C2%B0%205%20%E2%80%93%20%C3%A9t%C3%A9.pdf`,
    );
  });

  it('escapes quotes and backslashes, and encodes the characters RFC 8187 does not allow', () => {
    expect(contentDisposition('say "hi" (1)*.txt', 'text/plain')).toBe(
      `inline; filename="say _hi_ (1)*.txt"; filename*=UTF-8''say%20%22hi%22%20%281%29%2A.txt`,
    );
  });

  it('drops directories and control characters from the stored name', () => {
    expect(contentDisposition('../../etc/passwd', 'text/plain')).toBe('inline; filename="passwd"');
    expect(contentDisposition('C:\\filings\\a\r\nb.pdf', 'application/pdf')).toBe('inline; filename="ab.pdf"');
    expect(contentDisposition('', 'application/zip')).toBe('attachment; filename="attachment"');
  });
});
