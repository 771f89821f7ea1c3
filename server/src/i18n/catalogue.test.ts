import { LOCALE_TAGS } from '@rigshare/domain';
import { CATALOGUES, translate } from '.';

/** Values that are the same word in a language by nature. */
const SAME_AS_ENGLISH: Record<string, string[]> = {};

describe('server message catalogue', () => {
  const english = CATALOGUES['en-US'];
  const keys = Object.keys(english);

  it.each(LOCALE_TAGS.filter((t) => t !== 'en-US'))('%s has every key, translated', (tag) => {
    const catalogue = CATALOGUES[tag];
    expect(Object.keys(catalogue).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(catalogue[key].trim()).not.toBe('');
      if (!SAME_AS_ENGLISH[tag]?.includes(key)) expect({ key, value: catalogue[key] }).not.toEqual({ key, value: english[key] });
      // Placeholders must survive translation.
      const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
      expect({ key, placeholders: placeholders(catalogue[key]) }).toEqual({ key, placeholders: placeholders(english[key]) });
    }
  });

  it('fills placeholders', () => {
    expect(translate('en-US', 'codeTooSoon', { seconds: 42 })).toBe('Please wait 42 seconds before requesting another code');
  });
});
