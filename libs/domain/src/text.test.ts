import { hasRefusedControlCharacters, REFUSED_CONTROL_CHARACTERS, showControlCharacters } from './text';

describe('control characters a text field refuses', () => {
  it.each([
    ['ESC, which starts a terminal escape sequence', 'ok \u001b[2J cleared'],
    ['NUL', 'a\u0000b'],
    ['backspace', 'abc\u0008'],
    ['vertical tab', 'a\u000bb'],
    ['form feed', 'a\u000cb'],
    ['unit separator', 'a\u001fb'],
  ])('refuses %s', (_why, text) => expect(hasRefusedControlCharacters(text)).toBe(true));

  it.each([
    ['a plain sentence', 'The machine stopped paying on Monday.'],
    ['line breaks of a multi-line box', 'first line\nsecond line\r\nthird'],
    ['a tab', 'col1\tcol2'],
    ['other scripts', 'मशीन ने सोमवार को भुगतान बंद कर दिया'],
  ])('takes %s', (_why, text) => expect(hasRefusedControlCharacters(text)).toBe(false));

  it('is the same rule as a JSON Schema pattern', () => {
    const pattern = new RegExp(`^[^${REFUSED_CONTROL_CHARACTERS}]*$`);
    for (let code = 0; code < 0x100; code++) {
      const text = `a${String.fromCharCode(code)}b`;
      expect([code, pattern.test(text)]).toEqual([code, !hasRefusedControlCharacters(text)]);
    }
  });
});

describe('showControlCharacters', () => {
  it('writes out what would act on a terminal, so one line stays one inert line', () => {
    const forged = 'Great app\u001b[2J\u001b[H\u001b[32mAPPROVED OK\u001b[0m\n#999 2025-01-01 9000000001: refund me';
    const shown = showControlCharacters(forged);
    expect(shown).toBe('Great app\\x1b[2J\\x1b[H\\x1b[32mAPPROVED OK\\x1b[0m\\n#999 2025-01-01 9000000001: refund me');
    expect(shown).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });

  it.each([
    ['carriage return (overwrites the line)', 'paid\rrefused', 'paid\\rrefused'],
    ['tab', 'a\tb', 'a\\tb'],
    ['DEL', 'a\u007fb', 'a\\x7fb'],
    ['the one-byte CSI of C1', 'a\u009b2Jb', 'a\\x9b2Jb'],
    ['a right-to-left override', 'name\u202eevil', 'name\\u202eevil'],
    ['a line separator', 'a\u2028b', 'a\\u2028b'],
  ])('writes out %s', (_why, text, shown) => expect(showControlCharacters(text)).toBe(shown));

  it('keeps every other character as it is', () => {
    const text = 'Ünïcødé ₹ 12.50 — மகிழ்ச்சி 😀 "quoted" \\ back';
    expect(showControlCharacters(text)).toBe(text);
  });
});
