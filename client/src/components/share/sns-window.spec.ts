import { openBlankSnsWindow, openInNewTab } from './sns-window';

describe('share window', () => {
  it('opens an empty 626×436 window and sends it to the address later', () => {
    const opened = { closed: false, opener: {} as unknown, location: { href: 'about:blank' } };
    const open = jest.spyOn(window, 'open').mockReturnValue(opened as unknown as Window);

    const snsWindow = openBlankSnsWindow('campus-share-x');

    expect(open).toHaveBeenCalledWith('about:blank', 'campus-share-x', expect.stringMatching(/^width=626,height=436,/));
    expect(opened.opener).toBeNull();
    snsWindow!.navigate('https://twitter.com/intent/tweet?url=a');
    expect(opened.location.href).toBe('https://twitter.com/intent/tweet?url=a');
  });

  it('leaves a window the learner closed meanwhile alone', () => {
    const opened = { closed: false, opener: null, location: { href: 'about:blank' } };
    jest.spyOn(window, 'open').mockReturnValue(opened as unknown as Window);
    const snsWindow = openBlankSnsWindow('campus-share-facebook');
    opened.closed = true;
    snsWindow!.navigate('https://www.facebook.com/sharer/sharer.php?u=a');
    expect(opened.location.href).toBe('about:blank');
  });

  it('answers null when the browser blocked the window', () => {
    jest.spyOn(window, 'open').mockReturnValue(null);
    expect(openBlankSnsWindow('campus-share-x')).toBeNull();
  });

  it('falls back to a link that opens a new tab', () => {
    const clicked: HTMLAnchorElement[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    openInNewTab('https://www.facebook.com/sharer/sharer.php?u=a');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.href).toBe('https://www.facebook.com/sharer/sharer.php?u=a');
    expect(clicked[0]!.target).toBe('_blank');
    expect(clicked[0]!.rel).toBe('noopener noreferrer');
    // The helper link does not stay in the page.
    expect(document.body.contains(clicked[0]!)).toBe(false);
  });
});
