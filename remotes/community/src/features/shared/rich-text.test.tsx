/** @jest-environment jsdom */
import { render } from '@testing-library/react';
import { RichText, sanitizeRichText, textToRichText } from './rich-text';

/** The usual XSS payloads, as another member could post them. */
const PAYLOADS = [
  '<script>window.__xss = "script"</script>',
  '<img src=x onerror="window.__xss = \'img\'">',
  '<svg onload="window.__xss = \'svg\'"><circle r="4"/></svg>',
  '<svg><script>window.__xss = "svg-script"</script></svg>',
  '<a href="javascript:window.__xss = \'link\'">click</a>',
  '<a href="JaVaScRiPt&colon;window.__xss=1">entity</a>',
  '<a href=" javascript:alert(1)">space</a>',
  '<a href="data:text/html,<script>alert(1)</script>">data</a>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<style>body { display: none }</style>',
  '<iframe src="https://evil.example"></iframe>',
  '<body onload="window.__xss = \'body\'">',
  '<div onclick="window.__xss = \'click\'" onmouseover="x()">hover</div>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<input autofocus onfocus="window.__xss = \'focus\'">',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
];

function assertHarmless(html: string) {
  const doc = document.createElement('div');
  doc.innerHTML = html;
  for (const el of Array.from(doc.querySelectorAll('*'))) {
    expect(['script', 'style', 'svg', 'iframe', 'object', 'embed', 'form', 'input', 'math', 'img', 'body', 'noscript']).not.toContain(el.tagName.toLowerCase());
    for (const attr of Array.from(el.attributes)) {
      expect(attr.name.startsWith('on')).toBe(false);
      expect(attr.name).not.toBe('style');
      if (attr.name === 'href') expect(attr.value).toMatch(/^(https?:|mailto:)/i);
    }
  }
}

describe('the rich text sanitiser', () => {
  afterEach(() => delete (window as { __xss?: unknown }).__xss);

  it.each(PAYLOADS)('makes %s harmless', (payload) => {
    const clean = sanitizeRichText(`<p>before</p>${payload}<p>after</p>`);
    assertHarmless(clean);
    expect(clean).toContain('<p>before</p>');
    expect(clean).not.toMatch(/javascript:|onerror|onload|onclick|<script|<style|style=/i);
  });

  it('renders every payload on one page and none of them runs', async () => {
    const { container } = render(<RichText html={PAYLOADS.join('\n')} />);
    // Give load/error handlers a chance to fire, as a browser would.
    await new Promise((resolve) => setTimeout(resolve, 50));
    assertHarmless(container.innerHTML);
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
  });

  it('keeps formatting and safe links, which open outside the app', () => {
    const clean = sanitizeRichText('<p><b>Bold</b> <em>it</em> <a href="https://example.com/x" title="t">link</a></p><ul><li>one</li></ul>');
    expect(clean).toBe(
      '<p><b>Bold</b> <em>it</em> <a href="https://example.com/x" title="t" target="_blank" rel="noopener noreferrer nofollow ugc">link</a></p><ul><li>one</li></ul>',
    );
  });

  it('turns typed text into paragraphs with markup escaped', () => {
    expect(textToRichText('Hello <b>\n\n & bye')).toBe('<p>Hello &lt;b&gt;</p><p>&amp; bye</p>');
  });
});
