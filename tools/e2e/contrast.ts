/**
 * Text over a gradient, which axe-core leaves undecided ("incomplete", reason bgGradient): the home
 * header and the personal card are white text on the brand's gradient. Each such text is measured here
 * against every colour of its gradient, with the translucent backgrounds between the two laid over it,
 * and must reach what WCAG 2.1 AA asks of text (4.5:1, or 3:1 for large text), as axe asks elsewhere.
 */
import type { Page } from 'playwright-core';

/** One line per text that falls short: where, the ratio, and the gradient colour it falls short on. */
export function gradientContrastShortfalls(page: Page, selectors: string[]): Promise<string[]> {
  return page.evaluate(measureOverGradients, selectors);
}

/** Runs in the page. */
function measureOverGradients(selectors: string[]): string[] {
  type Rgba = [number, number, number, number];
  const colours = (css: string): Rgba[] =>
    [...css.matchAll(/rgba?\(([^)]+)\)/g)].map((match) => {
      const [r, g, b, a = '1'] = match[1].split(/[\s,/]+/).filter(Boolean);
      return [Number(r), Number(g), Number(b), Number(a)];
    });
  const over = (top: Rgba, below: Rgba): Rgba => {
    const [r, g, b, alpha] = top;
    return [r * alpha + below[0] * (1 - alpha), g * alpha + below[1] * (1 - alpha), b * alpha + below[2] * (1 - alpha), 1];
  };
  // WCAG 2.1's relative luminance and contrast ratio.
  const luminance = ([r, g, b]: Rgba) => {
    const linear = (channel: number) => {
      const c = channel / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const contrast = (a: Rgba, b: Rgba) => {
    const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (lighter + 0.05) / (darker + 0.05);
  };

  const shortfalls: string[] = [];
  for (const selector of selectors) {
    const text = document.querySelector(selector);
    if (!text) continue;
    // The elements between the text and the gradient, nearest the gradient first, and their opacity.
    const between: Element[] = [];
    let opacity = 1;
    let gradient: Element | null = text;
    while (gradient && !getComputedStyle(gradient).backgroundImage.includes('gradient')) {
      between.unshift(gradient);
      opacity *= Number(getComputedStyle(gradient).opacity);
      gradient = gradient.parentElement;
    }
    if (!gradient) continue;
    const gradientStyle = getComputedStyle(gradient);
    const textStyle = getComputedStyle(text);
    const size = parseFloat(textStyle.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(textStyle.fontWeight) >= 700);
    const needed = large ? 3 : 4.5;
    const white: Rgba = [255, 255, 255, 1];
    const underGradient = over(colours(gradientStyle.backgroundColor)[0] ?? [0, 0, 0, 0], white);
    for (const stop of colours(gradientStyle.backgroundImage)) {
      let background = over(stop, underGradient);
      for (const element of between) background = over(colours(getComputedStyle(element).backgroundColor)[0] ?? [0, 0, 0, 0], background);
      const [r, g, b, alpha] = colours(textStyle.color)[0];
      const ratio = contrast(over([r, g, b, alpha * opacity], background), background);
      if (ratio < needed) shortfalls.push(`${selector}: ${ratio.toFixed(2)}:1 over rgb(${stop.slice(0, 3).join(', ')}) of its gradient, ${needed}:1 needed`);
    }
  }
  return shortfalls;
}
