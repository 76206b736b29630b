import { parseLegacyBadgeCsv, splitCsvRecords } from './legacy-badge-csv';

const NOW = new Date('2026-03-15T12:00:00+09:00');

describe('Cloud Campus CSV rows', () => {
  it('reads rows with or without the header, lower-casing e-mails and taking a bare date as a day in Japan', () => {
    const withHeader = parseLegacyBadgeCsv('email,course_slug,passed_at\r\n Taro@Example.COM , line-ads-basic ,2025-06-01\r\n', NOW);
    const without = parseLegacyBadgeCsv('taro@example.com,line-ads-basic,2025-06-01', NOW);
    expect(withHeader.hasHeader).toBe(true);
    expect(without.hasHeader).toBe(false);
    for (const parsed of [withHeader, without]) {
      expect(parsed.rejected).toEqual([]);
      expect(parsed.rows).toEqual([
        { line: parsed.hasHeader ? 2 : 1, email: 'taro@example.com', courseSlug: 'line-ads-basic', passedAt: new Date('2025-05-31T15:00:00Z') },
      ]);
    }
  });

  it('accepts ISO date-times with an offset, a BOM, quoted cells and blank lines', () => {
    const parsed = parseLegacyBadgeCsv('\uFEFFメールアドレス,コース,合格日\n\n"hana@example.com","yahoo-ads-displayads-advanced","2025-12-24T10:30:00Z"\n', NOW);
    expect(parsed.rejected).toEqual([]);
    expect(parsed.rows).toEqual([
      { line: 3, email: 'hana@example.com', courseSlug: 'yahoo-ads-displayads-advanced', passedAt: new Date('2025-12-24T10:30:00Z') },
    ]);
  });

  it.each([
    ['not-an-email,line-ads-basic,2025-06-01', /メールアドレス「not-an-email」の形式が正しくありません/],
    ['a@example.com,line-ads-expert,2025-06-01', /コース「line-ads-expert」は認定コースのスラッグではありません/],
    ['a@example.com,line-ads-basic,2025-02-30', /合格日「2025-02-30」は存在しない日付です/],
    ['a@example.com,line-ads-basic,2025/06/01', /YYYY-MM-DD か ISO 8601/],
    ['a@example.com,line-ads-basic,2026-03-16', /未来の日付です/],
    ['a@example.com,line-ads-basic,2026-03-15T13:00:00+09:00', /未来の日付です/],
    ['a@example.com,line-ads-basic', /列の数が 2 です/],
    ['a@example.com,line-ads-basic,2025-06-01,extra', /列の数が 4 です/],
  ])('rejects %s with a Japanese reason', (line, reason) => {
    const parsed = parseLegacyBadgeCsv(`email,course_slug,passed_at\n${line}\n`, NOW);
    expect(parsed.rows).toEqual([]);
    expect(parsed.rejected).toEqual([{ line: 2, reason: expect.stringMatching(reason) }]);
  });

  it('names every problem of a row and keeps going with the next rows', () => {
    const parsed = parseLegacyBadgeCsv('bad,nope,never\na@example.com,line-ads-basic,2025-06-01\n', NOW);
    expect(parsed.rejected).toHaveLength(1);
    expect(parsed.rejected[0]!.line).toBe(1);
    expect(parsed.rejected[0]!.reason).toMatch(/メールアドレス.*。コース.*。合格日/);
    expect(parsed.rows.map((row) => row.line)).toEqual([2]);
  });

  it('rejects a second row for the same e-mail and course, naming the first line', () => {
    const parsed = parseLegacyBadgeCsv('a@example.com,line-ads-basic,2025-06-01\nA@example.com,line-ads-basic,2025-07-01\n', NOW);
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.rejected).toEqual([{ line: 2, reason: '1 行目と同じメールアドレスとコースの組み合わせです' }]);
  });

  it('keeps the line numbers of records that follow a quoted cell spanning lines', () => {
    const records = splitCsvRecords('"a\nb",c\nd,e');
    expect(records).toEqual([
      { line: 1, cells: ['a\nb', 'c'] },
      { line: 3, cells: ['d', 'e'] },
    ]);
  });
});

describe('Cloud Campus CSV records (csv-parse)', () => {
  it('counts lines across any line ending, quoted line breaks and blank lines', () => {
    expect(splitCsvRecords('x,y\r\n\r\n  \n"p""q",r\r"a\r\nb\r\nc",1\n, ,\n')).toEqual([
      { line: 1, cells: ['x', 'y'] },
      { line: 4, cells: ['p"q', 'r'] },
      { line: 5, cells: ['a\r\nb\r\nc', '1'] },
      { line: 8, cells: ['', '', ''] },
    ]);
  });

  it('drops the spaces around cells and keeps a quote inside an unquoted cell as text', () => {
    expect(splitCsvRecords(' a , "b c" ,d"e')).toEqual([{ line: 1, cells: ['a', 'b c', 'd"e'] }]);
  });

  it('imports nothing from a file with broken quoting, and says on which line', () => {
    const parsed = parseLegacyBadgeCsv('a@example.com,line-ads-basic,2025-06-01\nb@example.com,"line-ads-basic,2025-06-01\nc@example.com,line-ads-basic,2025-06-01\n', NOW);
    expect(parsed.rows).toEqual([]);
    // The line where the file ends: the parser cannot tell which quote was meant to close.
    expect(parsed.rejected).toEqual([{ line: 3, reason: '引用符（"）が開いたままファイルが終わっています' }]);
    expect(parseLegacyBadgeCsv('a@example.com,"line-ads-basic"x,2025-06-01\n', NOW).rejected).toEqual([
      { line: 1, reason: expect.stringMatching(/^閉じた引用符（"）の後に文字があります/) },
    ]);
  });
});
