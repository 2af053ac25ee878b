// Package scalecorpus generates a synthetic documentation project of any
// size for scale benchmarks: Markdown documents in English and Japanese
// with frontmatter, sections, wiki-links, typed links, Markdown links and
// source_refs to generated Go files, plus search queries over the same
// vocabulary. The same seed and size always give the same bytes, so two
// runs (or two tools) measure the same corpus.
//
// Shape: about 2 KB and 6 sections a document (10,000 documents: about
// 21 MB and 63,000 sections), a fifth of the documents in Japanese, about
// five links a document (a few dangling), and source_refs on most.
package scalecorpus

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
)

// Options describe a corpus.
type Options struct {
	// Docs is the number of Markdown documents.
	Docs int
	// Seed selects the corpus; the same seed and Docs give the same files.
	Seed uint64
}

// Doc is one generated document.
type Doc struct {
	// Path is relative to the docs folder, with '/' separators.
	Path     string
	Title    string
	Japanese bool
	Text     string
}

// Corpus is a generated project: its documents and source files.
type Corpus struct {
	Docs []Doc
	// Sources maps a path relative to the project root to a Go file's text.
	Sources map[string]string
}

// sourcePackages is how many Go packages source_refs point into.
func sourcePackages(docs int) int { return max(4, docs/100) }

// Generate builds the corpus of o in memory.
func Generate(o Options) *Corpus {
	r := rand.New(rand.NewPCG(o.Seed, uint64(o.Docs))) //nolint:gosec // a seeded generator for reproducible benchmark corpora, not for secrets
	c := &Corpus{Sources: map[string]string{}}
	areas := max(4, o.Docs/200)
	titles := make([]string, o.Docs)
	paths := make([]string, o.Docs)
	japanese := make([]bool, o.Docs)
	for i := range o.Docs {
		japanese[i] = r.IntN(5) == 0
		comp := pick(r, components)
		if japanese[i] {
			titles[i] = fmt.Sprintf("%sの%s %d", pick(r, componentsJA), pick(r, headingsJA), i)
		} else {
			titles[i] = fmt.Sprintf("%s %s %d", capitalize(pick(r, adjectives)), comp, i)
		}
		paths[i] = fmt.Sprintf("area-%03d/%s-%05d.md", i%areas, comp, i)
	}
	for p := range sourcePackages(o.Docs) {
		for f := range 3 {
			path := fmt.Sprintf("src/pkg%03d/file%d.go", p, f)
			c.Sources[path] = sourceFile(r, p, f)
		}
	}
	for i := range o.Docs {
		c.Docs = append(c.Docs, Doc{
			Path:     paths[i],
			Title:    titles[i],
			Japanese: japanese[i],
			Text:     document(r, i, o.Docs, titles, paths, japanese[i]),
		})
	}
	return c
}

// Write writes the corpus under root: documents in root/docs, source
// files at their paths. root must not hold an older corpus of another
// size (files are added, never removed).
func (c *Corpus) Write(root string) error {
	for _, d := range c.Docs {
		if err := writeFile(filepath.Join(root, "docs", filepath.FromSlash(d.Path)), d.Text); err != nil {
			return err
		}
	}
	for p, text := range c.Sources {
		if err := writeFile(filepath.Join(root, filepath.FromSlash(p)), text); err != nil {
			return err
		}
	}
	return nil
}

func writeFile(path, text string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("write corpus: %w", err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		return fmt.Errorf("write corpus: %w", err)
	}
	return nil
}

// Bytes is the total size of the documents.
func (c *Corpus) Bytes() int {
	n := 0
	for _, d := range c.Docs {
		n += len(d.Text)
	}
	return n
}

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func sourceFile(r *rand.Rand, pkg, file int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "package pkg%03d\n\n", pkg)
	for f := range 4 {
		fmt.Fprintf(&b, "// %s %s %s.\nfunc %s%d() int { return %d }\n\n",
			capitalize(pick(r, components)), pick(r, verbs), pick(r, objects), funcName(file, f), pkg, r.IntN(1000))
	}
	return b.String()
}

func funcName(file, f int) string { return fmt.Sprintf("Handle%c%d", 'A'+rune(f), file) } //nolint:gosec // f is a small function index of a generated corpus

// document is the text of document i.
func document(r *rand.Rand, i, n int, titles, paths []string, ja bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "---\ntitle: %q\ndoc_type: %s\n", titles[i], pick(r, docTypes))
	if r.IntN(4) == 0 {
		fmt.Fprintf(&b, "aliases: [%s-alias-%d]\n", pick(r, components), i)
	}
	if r.IntN(10) < 7 {
		b.WriteString("source_refs:\n")
		pkgs := sourcePackages(n)
		for range 1 + r.IntN(3) {
			p, f := r.IntN(pkgs), r.IntN(3)
			if r.IntN(2) == 0 {
				fmt.Fprintf(&b, "  - src/pkg%03d/file%d.go#%s%d\n", p, f, funcName(f, r.IntN(4)), p)
			} else {
				fmt.Fprintf(&b, "  - src/pkg%03d/file%d.go\n", p, f)
			}
		}
	}
	b.WriteString("---\n\n")
	fmt.Fprintf(&b, "# %s\n\n", titles[i])
	paragraph(r, &b, ja, 2)
	links := linkLines(r, i, n, titles, paths)
	sections := 4 + r.IntN(4)
	for s := range sections {
		if ja {
			fmt.Fprintf(&b, "\n## %s\n\n", headingsJA[(i+s)%len(headingsJA)])
		} else {
			fmt.Fprintf(&b, "\n## %s\n\n", headings[(i+s)%len(headings)])
		}
		paragraph(r, &b, ja, 2+r.IntN(3))
		if s < len(links) {
			b.WriteString(" ")
			b.WriteString(links[s])
			b.WriteString("\n")
		}
		if !ja && r.IntN(6) == 0 {
			fmt.Fprintf(&b, "\n```go\n%s := New%s(%q)\n```\n", pick(r, objects), capitalize(pick(r, components)), pick(r, adjectives))
		}
	}
	return b.String()
}

// linkLines are the link sentences of a document: wiki-links by title and
// by path (some typed), a Markdown link, and now and then a dangling one.
func linkLines(r *rand.Rand, i, n int, titles, paths []string) []string {
	other := func() int {
		if n == 1 {
			return 0
		}
		j := r.IntN(n - 1)
		if j >= i {
			j++
		}
		return j
	}
	out := []string{
		fmt.Sprintf("See [[%s]].", titles[other()]),
		fmt.Sprintf("Depends on [[%s|depends_on]].", strings.TrimSuffix(paths[other()], ".md")),
		fmt.Sprintf("Background: [design notes](../%s).", paths[other()]),
	}
	if r.IntN(2) == 0 {
		out = append(out, fmt.Sprintf("Implements [[%s|implements]].", titles[other()]))
	}
	if r.IntN(8) == 0 {
		out = append(out, fmt.Sprintf("Planned: [[%s %s draft]].", pick(r, adjectives), pick(r, components)))
	}
	r.Shuffle(len(out), func(a, b int) { out[a], out[b] = out[b], out[a] })
	return out
}

func paragraph(r *rand.Rand, b *strings.Builder, ja bool, sentences int) {
	for k := range sentences {
		if k > 0 && !ja {
			b.WriteString(" ")
		}
		if ja {
			b.WriteString(sentenceJA(r))
		} else {
			b.WriteString(sentence(r))
		}
	}
	b.WriteString("\n")
}

func sentence(r *rand.Rand) string {
	comp, verb, obj := pick(r, components), pick(r, verbs), pick(r, objects)
	switch r.IntN(4) {
	case 0:
		return fmt.Sprintf("The %s %s %s when %s.", comp, verb, obj, pick(r, conditions))
	case 1:
		return fmt.Sprintf("%s, the %s %s %s %s before it %s %s.", pick(r, fillers), pick(r, adjectives), comp, verb, obj, pick(r, verbs), pick(r, objects))
	case 2:
		return fmt.Sprintf("If %s, `%s%s` %s the %s %s and reports the error to the %s.", pick(r, conditions), capitalize(comp), capitalize(obj), verb, pick(r, adjectives), obj, pick(r, components))
	default:
		return fmt.Sprintf("Each %s keeps its %s %s in the %s, so the %s never %s them twice.", comp, pick(r, adjectives), obj, pick(r, components), pick(r, components), verb)
	}
}

func sentenceJA(r *rand.Rand) string {
	comp, obj, verb := pick(r, componentsJA), pick(r, objectsJA), pick(r, verbsJA)
	switch r.IntN(3) {
	case 0:
		return fmt.Sprintf("%s、%sは%sを%s。", pick(r, conditionsJA), comp, obj, verb)
	case 1:
		return fmt.Sprintf("%sは%sの%sを%s前に、`%s%s`で%sを%s。", comp, pick(r, componentsJA), obj, strings.TrimSuffix(pick(r, verbsJA), "する")+"する", capitalize(pick(r, components)), capitalize(pick(r, objects)), pick(r, objectsJA), verb)
	default:
		return fmt.Sprintf("%sごとに%sを%sので、%sは同じ%sを二度%sことはない。", obj, comp, verb, pick(r, componentsJA), pick(r, objectsJA), strings.TrimSuffix(pick(r, verbsJA), "する")+"する")
	}
}
