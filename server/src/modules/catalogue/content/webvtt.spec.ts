import { parseWebVtt } from './webvtt';

describe('parseWebVtt: the caption files the content pack and the studio take', () => {
  it('reads cues with and without hours, identifiers and settings, a BOM and CRLF lines', () => {
    const parsed = parseWebVtt('\uFEFFWEBVTT - 字幕\r\n\r\n1\r\n00:00.500 --> 00:02.000 line:90%\r\nこんにちは。\r\n二行目です。\r\n\r\n00:00:02.000 --> 00:01:04.250\r\n次の字幕\r\n');
    expect(parsed).toEqual({
      ok: true,
      cues: [
        { start: 0.5, end: 2, text: 'こんにちは。\r\n二行目です。'.replace('\r', '') },
        { start: 2, end: 64.25, text: '次の字幕' },
      ],
    });
  });

  it.each([
    ['no header', '00:00.000 --> 00:01.000\nx\n', /1 行目は WEBVTT/],
    ['a malformed time', 'WEBVTT\n\n00:00 --> 00:01.000\nx\n', /3 行目の時刻が正しくありません/],
    ['an end before its start', 'WEBVTT\n\n00:05.000 --> 00:01.000\nx\n', /3 行目: 終了時刻は開始時刻より後/],
    ['a cue without text', 'WEBVTT\n\n00:00.000 --> 00:01.000\n\n', /3 行目の字幕に文がありません/],
    ['no cue at all', 'WEBVTT\n\nNOTE 空です\n', /字幕がありません/],
  ])('refuses %s, naming the line', (_name, text, message) => {
    const parsed = parseWebVtt(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(message);
  });
});
