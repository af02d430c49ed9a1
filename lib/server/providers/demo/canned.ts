// Answers the offline demo model gives to the starting points of the empty chat screen, so a new
// user's first click shows a real answer rather than the demo's explanation of itself.

const RAINBOW = [
  'A rainbow is sunlight split into its colours by raindrops.',
  '',
  'When sunlight enters a drop of water it slows down and bends (**refraction**). Each colour',
  'bends by a slightly different amount (**dispersion**): violet the most, red the least, so the',
  'white light fans out into a spectrum.',
  '',
  'Inside the drop the light reflects off the back surface and bends again on its way out. The',
  'colours leave at about 40° (violet) to 42° (red) from the direction opposite the sun, which is',
  'why a rainbow is an arc centred on the shadow of your head, with red on the outside.',
  '',
  'So you see one when the sun is behind you and low, and rain or spray is in front of you. A',
  'second reflection inside the drops makes the fainter secondary bow, with its colours reversed.',
].join('\n');

const PALINDROME = [
  'Here is a palindrome checker that ignores case, spaces and punctuation, with tests:',
  '',
  '```python',
  'import unittest',
  '',
  '',
  'def is_palindrome(text: str) -> bool:',
  '    """True when text reads the same backwards, ignoring case and non-alphanumerics."""',
  '    letters = [c.lower() for c in text if c.isalnum()]',
  '    return letters == letters[::-1]',
  '',
  '',
  'class IsPalindromeTest(unittest.TestCase):',
  '    def test_palindromes(self):',
  '        self.assertTrue(is_palindrome("racecar"))',
  '        self.assertTrue(is_palindrome("A man, a plan, a canal: Panama"))',
  '        self.assertTrue(is_palindrome("Was it a car or a cat I saw?"))',
  '        self.assertTrue(is_palindrome(""))',
  '',
  '    def test_not_palindromes(self):',
  '        self.assertFalse(is_palindrome("palindrome"))',
  '        self.assertFalse(is_palindrome("ab"))',
  '',
  '',
  'if __name__ == "__main__":',
  '    unittest.main()',
  '```',
  '',
  'Save it as `palindrome.py` and run `python palindrome.py`: both tests pass. It compares the',
  'cleaned list of characters with its reverse, which takes time and memory proportional to',
  'the length of the text.',
].join('\n');

/** A prepared answer for a question about rainbows or a palindrome checker; null otherwise. */
export function cannedAnswer(question: string): string | null {
  if (/\brainbows?\b/i.test(question)) return RAINBOW;
  if (/\bpalindromes?\b/i.test(question)) return PALINDROME;
  return null;
}
