/**
 * An accessible-name matcher for PhraseText: jsdom's name computation puts a space at every
 * <wbr> between phrases (browsers do not), so names are compared without white space.
 */
export const phraseName =
  (text: string) =>
  (name: string): boolean =>
    name.replace(/\s/g, '') === text.replace(/\s/g, '');
