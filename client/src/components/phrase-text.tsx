import { Fragment, useMemo } from 'react';
import { lineBreakPieces } from '@campus/contracts/phrases';

/**
 * Japanese text that wraps only between phrases (and inside an over-long compound only at its
 * word seams): each piece is followed by a <wbr>, and the `phrase-text` class keeps the browser
 * from breaking anywhere else. Every heading and card title renders its text through this.
 */
export function PhraseText({ text }: { text: string }) {
  const pieces = useMemo(() => lineBreakPieces(text), [text]);
  return (
    <span className="phrase-text">
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {piece}
        </Fragment>
      ))}
    </span>
  );
}
