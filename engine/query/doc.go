// Package query turns a user's search text into search terms and back into
// presentable text. It is pure: no database, no I/O.
//
// # Terms
//
// [Parse] normalises the text (Unicode NFKC, lower case), keeps "quoted
// phrases" whole, and segments the rest by script:
//
//   - Latin words (letters and digits, with inner '-', '_', '.', '/' kept, as
//     in "sqlite-vec" or "config.search") are one term each; a small list of
//     English function words (the, of, how ...) is dropped when other terms
//     remain.
//   - Kanji runs, katakana runs (with the long-vowel mark ー) and runs of
//     other scripts are one term each. A kanji run of four or more characters
//     ("検索精度") also yields its overlapping 2-grams ("検索", "索精", "精度")
//     as weaker sub-terms of the same group, so a long compound still matches
//     text that writes its parts apart.
//   - Hiragana runs are particles, inflections and function words (の, を,
//     する, かどうか) and are dropped when the query has any other term; a
//     query made only of hiragana keeps them.
//   - Adjacent runs written without a space ("Embeddingモデル",
//     "データベース設計") also yield the joined compound as a bonus term: it
//     is not a concept of its own, it only rewards text that has the exact
//     compound. Two runs joined by the particle の or を yield the compound
//     without it ("ファイルの変更" → "ファイル変更"), as Japanese writes both.
//
// Each concept of the query is a group; a document's coverage is the share of
// groups it matches. Deciding which terms are too common to matter is left to
// the caller's IDF weighting, not to word lists.
//
// # Full-text expressions
//
// SQLite's trigram tokenizer matches substrings of three or more characters.
// [Term.FTS] reports whether a term can use the index; [Quote] makes any text
// a single FTS5 phrase, so quotes, AND/OR/NOT/NEAR, '*', '^', column filters
// and parentheses in the user's text are matched literally and can never
// change the expression. Shorter terms are matched by a substring scan.
//
// # Snippets
//
// [Snippet] cuts a window of text where the matches cover the most of the
// query and marks every match as ⟦match⟧; cut ends are marked with "…".
package query
