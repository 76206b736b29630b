import { jaModel, Parser } from 'budoux';

let parser: Parser | undefined;

/** Splits Japanese text into phrases (BudouX), so lines break between words rather than inside them. */
export function splitIntoPhrases(text: string): string[] {
  parser ??= new Parser(jaModel);
  return parser.parse(text);
}
