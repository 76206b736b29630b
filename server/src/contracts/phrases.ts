import { jaModel, Parser } from 'budoux';

let parser: Parser | undefined;

/** Splits Japanese text into phrases (BudouX), so lines break between words rather than inside them. */
export function splitIntoPhrases(text: string): string[] {
  parser ??= new Parser(jaModel);
  return parser.parse(text);
}

/**
 * A phrase wider than this many full-width characters may not fit on one line of a phone (a 22 px
 * heading in a card at 390 px holds about 14): such a phrase gets break opportunities at its word
 * seams too, so the browser does not have to cut it at an arbitrary character (「キャンペ|ーン」).
 * A shorter one stays whole: it rather moves to the next line than splits.
 */
export const LONG_PHRASE_WIDTH = 10;

/** Width in full-width characters: ASCII letters and digits are about half as wide. */
const widthOf = (text: string) => [...text].reduce((width, char) => width + (char.charCodeAt(0) < 0x80 ? 0.5 : 1), 0);

type Script = 'katakana' | 'kanji' | 'latin' | 'other';

function scriptOf(char: string): Script {
  if (/[\p{Script=Katakana}ー]/u.test(char)) return 'katakana';
  if (/[\p{Script=Han}々〆]/u.test(char)) return 'kanji';
  if (/[A-Za-z0-9!&.'’+-]/.test(char)) return 'latin';
  return 'other';
}

/**
 * The words of a compound that BudouX keeps whole (「スキルバッジ取得応援キャンペーン」): a new
 * word starts where katakana, kanji and Latin letters meet. Hiragana and punctuation belong to
 * the word before them (particles, okurigana), so they never start one.
 */
export function splitAtWordSeams(phrase: string): string[] {
  const words: string[] = [];
  let previous: Script = 'other';
  for (const char of phrase) {
    const script = scriptOf(char);
    const seam = words.length > 0 && script !== 'other' && previous !== 'other' && script !== previous;
    if (seam || words.length === 0) words.push(char);
    else words[words.length - 1] += char;
    previous = script;
  }
  return words;
}

/**
 * Where a heading may break, in order: between BudouX phrases, and inside a phrase too long for a
 * phone's line at its word seams. Joined, the pieces are the text again.
 */
export function lineBreakPieces(text: string): string[] {
  return splitIntoPhrases(text).flatMap((phrase) =>
    widthOf(phrase) > LONG_PHRASE_WIDTH ? splitAtWordSeams(phrase) : [phrase],
  );
}
