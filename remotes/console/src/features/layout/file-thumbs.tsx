/**
 * Pictures a member sent (a post's images, a join-group screenshot, a feedback attachment) as small
 * previews, each a link that opens the picture in a new tab. The URLs are the server's links signed for
 * this staff member (a plain <img> sends no session); anything but an http(s) URL is left out.
 */
export function FileThumbs({ urls, label, testId }: { urls: readonly string[]; label: string; testId: string }) {
  const safe = urls.filter((url) => /^https?:\/\//i.test(url));
  if (safe.length === 0) return null;
  return (
    <div className="console-thumbs">
      {safe.map((url, index) => (
        <a key={url} href={url} target="_blank" rel="noopener noreferrer" data-testid={testId}>
          <img src={url} alt={safe.length > 1 ? `${label} ${index + 1}` : label} loading="lazy" />
        </a>
      ))}
    </div>
  );
}
