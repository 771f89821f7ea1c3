/** @jest-environment jsdom */
import { render } from '@testing-library/react';
import { PostText, postText } from './post-text';

it('shows a post as its words: paragraphs and breaks as lines, no tags', () => {
  expect(postText('<p>Hello <b>rig</b></p><p>Line one<br>Line two</p>')).toBe('Hello rig\nLine one\nLine two');
  expect(postText('plain words')).toBe('plain words');
});

it('renders nothing a post contains: markup stays text and no element is created from it', () => {
  const { container } = render(<PostText html={'<p>&lt;img src=x onerror=alert(1)&gt; and <a href="https://example.net">a link</a></p>'} />);
  expect(container.textContent).toBe('<img src=x onerror=alert(1)> and a link');
  expect(container.querySelectorAll('img, a, p')).toHaveLength(0);
});
