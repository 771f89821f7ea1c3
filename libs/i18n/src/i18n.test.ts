import { changeLanguage, currentHeaderCode, i18n, initI18n, registerNamespace } from './index';

it('starts in the stored language, loads a registered namespace, and reloads it on a switch', async () => {
  await initI18n('de-DE');
  expect(i18n.language).toBe('de-DE');
  expect(currentHeaderCode()).toBe('de_DE');
  const requested: string[] = [];
  await registerNamespace('demo', async (lng) => {
    requested.push(lng);
    return { greeting: lng === 'hi-IN' ? 'नमस्ते' : 'Hallo' };
  });
  expect(i18n.t('demo:greeting')).toBe('Hallo');
  await changeLanguage('hi-IN');
  expect(i18n.t('demo:greeting')).toBe('नमस्ते');
  expect(currentHeaderCode()).toBe('hi_IN');
  expect(requested).toEqual(expect.arrayContaining(['de-DE', 'hi-IN']));
  // common strings come from libs/i18n/locales, in the language chosen
  expect(i18n.t('common:copy.success')).not.toBe('copy.success');
});

it('falls back to en-US for an unknown stored language', async () => {
  await changeLanguage('en-US');
  expect(currentHeaderCode()).toBe('en_US');
});
