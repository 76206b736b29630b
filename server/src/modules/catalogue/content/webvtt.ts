/** Minimal WebVTT check used until the captions work lands (same API). */
export interface WebVttCue {
  start: number;
  end: number;
  text: string;
}

const TIMING = /^((?:\d{2,}:)?\d{2}:\d{2}\.\d{3})\s+-->\s+((?:\d{2,}:)?\d{2}:\d{2}\.\d{3})(?:\s.*)?$/;

const secondsOf = (stamp: string) => stamp.split(':').reduce((total, part) => total * 60 + Number(part), 0);

/** Parses a WebVTT file, or says in Japanese which line is wrong. */
export function parseWebVtt(text: string): { ok: true; cues: WebVttCue[] } | { ok: false; message: string; line?: number } {
  const lines = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) return { ok: false, message: '字幕ファイル（WebVTT）の 1 行目は WEBVTT で始めてください', line: 1 };
  const cues: WebVttCue[] = [];
  for (let index = 1; index < lines.length; index++) {
    const timing = TIMING.exec(lines[index]!.trim());
    if (!timing) {
      if (lines[index]!.includes('-->')) return { ok: false, message: `字幕ファイル（WebVTT）の ${index + 1} 行目の時刻が正しくありません`, line: index + 1 };
      continue;
    }
    const start = secondsOf(timing[1]!);
    const end = secondsOf(timing[2]!);
    if (!(end > start)) return { ok: false, message: `字幕ファイル（WebVTT）の ${index + 1} 行目: 終了時刻は開始時刻より後にしてください`, line: index + 1 };
    const textLines: string[] = [];
    while (index + 1 < lines.length && lines[index + 1]!.trim() !== '') textLines.push(lines[++index]!);
    if (textLines.length === 0) return { ok: false, message: `字幕ファイル（WebVTT）の ${index + 1} 行目の字幕に文がありません`, line: index + 1 };
    cues.push({ start, end, text: textLines.join('\n') });
  }
  if (cues.length === 0) return { ok: false, message: '字幕ファイル（WebVTT）に字幕がありません' };
  return { ok: true, cues };
}
