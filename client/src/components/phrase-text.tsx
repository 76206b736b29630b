import { Fragment, useMemo } from 'react';
import { splitIntoPhrases } from '../lib/phrases';

/**
 * Japanese text that wraps only between phrases: each phrase is followed by a <wbr>, and the
 * `phrase-text` class keeps the browser from breaking anywhere else.
 */
export function PhraseText({ text }: { text: string }) {
  const phrases = useMemo(() => splitIntoPhrases(text), [text]);
  return (
    <span className="phrase-text">
      {phrases.map((phrase, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {phrase}
        </Fragment>
      ))}
    </span>
  );
}
