import { feedbackTextProblem, feedbackWordCount } from './feedback';

describe('feedback text', () => {
  it('needs more than ten words, in any script', () => {
    expect(feedbackTextProblem('one two three four five six seven eight nine ten')).toBe('feedbackTooShort');
    expect(feedbackTextProblem('one two three four five six seven eight nine ten eleven')).toBeNull();
    expect(feedbackTextProblem('   ')).toBe('feedbackTooShort');
    // Punctuation alone is no word.
    expect(feedbackWordCount('!!! ... --- ??? ,,, ;;; ::: ))) ((( *** ###')).toBe(0);
    expect(feedbackWordCount('मेरी निकासी अभी तक नहीं आई है कृपया इसे जल्दी देखें धन्यवाद')).toBe(12);
    expect(feedbackTextProblem('मेरी निकासी अभी तक नहीं आई है कृपया इसे जल्दी देखें')).toBeNull();
    expect(feedbackTextProblem('मेरी निकासी अभी तक नहीं आई है कृपया इसे जल्दी')).toBe('feedbackTooShort');
    expect(feedbackWordCount("it's a well-known issue")).toBe(4);
    expect(feedbackTextProblem('word '.repeat(500))).toBe('feedbackTooLong');
  });
});
