import { commentContentProblem, postContentProblem, videoUrlProblem, visibleText } from './community';

describe('community rules', () => {
  it('a post needs visible text, markup alone is empty', () => {
    expect(postContentProblem('<p> </p><br>&nbsp;')).toBe('postContentRequired');
    expect(postContentProblem('<p>Hi</p>')).toBeNull();
    expect(postContentProblem('x'.repeat(5001))).toBe('postContentTooLong');
    expect(visibleText('<p>a</p><p>b</p>')).toBe('a b');
  });

  it('a comment needs text and has a length limit', () => {
    expect(commentContentProblem('   ')).toBe('commentContentRequired');
    expect(commentContentProblem('y'.repeat(501))).toBe('commentContentTooLong');
    expect(commentContentProblem('ok')).toBeNull();
  });

  it('a video link is empty or http(s)', () => {
    expect(videoUrlProblem('')).toBeNull();
    expect(videoUrlProblem('https://video.example/v/1')).toBeNull();
    expect(videoUrlProblem('javascript:alert(1)')).toBe('videoUrlInvalid');
    expect(videoUrlProblem('https://x.example/"onmouseover=1')).toBe('videoUrlInvalid');
  });
});
