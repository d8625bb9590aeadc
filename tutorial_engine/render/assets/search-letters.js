/* Search that finds a word however its letters were typed (issue 33): كارت and کارت,
 * می‌گیرد and میگیرد. tutorial_engine/build/searchindex.py appends this script to Material's
 * search worker, in every locale, after the worker has put its Lunr on `self`; it runs before
 * the worker builds the index, which happens when the page sends the documents.
 *
 * Lunr leaves no place to add a step from outside: Material sets up the index pipeline and
 * adds the documents in one call, a language's plugin resets that pipeline, and Lunr runs no
 * pipeline at all on a query term with a wildcard, which Material gives every term. So the
 * words are made the same at the two places every word passes: each pipeline's run (the
 * page's words, a query term without a wildcard) and each clause of a query (every query
 * term, Material's own reading of the query's terms too). Only the words Lunr compares
 * change: the results show the page's text as written, marked at the word's own place. */
(function (lunr) {
  "use strict";

  /* Invisible characters, tatweel and Arabic's short vowels and marks (harakat, the hamza
   * above and below, the madda, the superscript alef). `\p{Cf}`, Unicode's format characters,
   * holds the zero-width non-joiner, joiner and space, the word joiner, the soft hyphen and
   * the direction marks and isolates of right-to-left text. */
  var UNSEEN = new RegExp("[\\u064B-\\u065F\\u0670\\u0640\\p{Cf}]", "gu");
  /* Letters that Arabic keyboards and Arabic text write with Arabic's code points, and
   * Persian with its own: yeh and alef maksura, kaf, teh marbuta and heh with yeh above
   * (the ezafe's هٔ, whose hamza is removed above); and Arabic-Indic and Persian digits. */
  var ARABIC = /[\u0629\u0643\u0649\u064A\u06C0\u0660-\u0669\u06F0-\u06F9]/g;
  /** @type {Record<string, string>} */
  var PERSIAN = {"\u0629": "\u0647", "\u0643": "\u06A9", "\u0649": "\u06CC", "\u064A": "\u06CC", "\u06C0": "\u0647"};

  /**
   * `word` as search compares it. NFKC first, as Unicode defines it, takes the presentation
   * forms of text copied from a PDF to their letters and composes a letter typed as letter
   * and mark (آ). Then what is invisible or a mark goes, and each Arabic letter or digit
   * becomes Persian's letter or a Western digit. Elsewhere it changes nothing a reader
   * would call a different word, so every locale has it: an English reader who types
   * Persian digits finds the Western ones too.
   *
   * The zero-width non-joiner goes rather than becoming a space: a word typed with it
   * (می‌گیرد) and a word typed with neither it nor a space (میگیرد) are then one word, and
   * the same word typed with a space (می گیرد) still finds its page, because Material makes
   * each term a prefix and the word's first part begins it. Splitting at the non-joiner, as
   * Lucene's Persian analyzer does, would lose the word typed without one.
   * @param {string} word
   */
  function letters(word) {
    return word.normalize("NFKC").replace(UNSEEN, "").replace(ARABIC, function (letter) {
      // The two sets of ten digits each start at a multiple of sixteen.
      return PERSIAN[letter] || String(letter.charCodeAt(0) % 16);
    });
  }

  /* Lunr's way to change a word: a pipeline function, which drops the word it empties;
   * registered, or Lunr warns on the console. */
  var same = new lunr.Pipeline();
  /** @typedef {{toString(): string, update(fn: (word: string) => string): Token}} Token */
  /** @param {Token} token */
  var sameLetters = function (token) {
    return token.update(letters).toString() ? token : undefined;
  };
  lunr.Pipeline.registerFunction(sameLetters, "sameLetters");
  same.add(sameLetters);

  var run = lunr.Pipeline.prototype.run;
  /** @param {unknown[]} tokens */
  lunr.Pipeline.prototype.run = function (tokens) {
    return run.call(this, run.call(same, tokens));
  };

  /* A term of invisible characters only (a non-joiner pasted beside a space) stays as typed:
   * emptied, it would be a bare wildcard, which finds every page; as typed it finds none. */
  var clause = lunr.Query.prototype.clause;
  /** @param {{term: string}} given */
  lunr.Query.prototype.clause = function (given) {
    var word = letters(given.term);
    if (word.replace(/\*/g, "")) given.term = word;
    return clause.call(this, given);
  };
})(/** @type {any} */ (self).lunr);
