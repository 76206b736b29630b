import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { aLessonDetail } from '../../../test/lesson-fixtures';
import { LessonContent } from './lesson-content';

describe('a video lesson', () => {
  const video = aLessonDetail({ kind: 'video', videoUrl: '/api/v1/download?url=v.mp4', captionsUrl: '/api/v1/download?url=v.vtt', transcript: 'この動画では配信の基本を紹介します。' });

  it('plays with its Japanese captions on from the start', () => {
    const { container } = render(<LessonContent lesson={video} />, { wrapper: MemoryRouter });
    const track = container.querySelector('video track');
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('srclang', 'ja');
    expect(track).toHaveAttribute('label', '日本語');
    expect(track).toHaveAttribute('src', '/api/v1/download?url=v.vtt');
    expect(track).toHaveAttribute('default');
  });

  it('folds the words of the video under the player', () => {
    const { container } = render(<LessonContent lesson={video} />, { wrapper: MemoryRouter });
    const details = screen.getByText('この動画では配信の基本を紹介します。').closest('details');
    expect(details?.querySelector('summary')).toHaveTextContent('文字起こしを表示');
    expect(details).not.toHaveAttribute('open');
    // After the player, in reading order.
    expect(container.querySelector('video')!.compareDocumentPosition(details!) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('has no track and no transcript when the lesson has none', () => {
    const { container } = render(<LessonContent lesson={{ ...video, captionsUrl: null, transcript: null }} />, { wrapper: MemoryRouter });
    expect(container.querySelector('track')).toBeNull();
    expect(screen.queryByText('文字起こしを表示')).toBeNull();
  });
});
