package engine

import (
	"context"
	"errors"
	"testing"

	"github.com/ubp-dev/ubp/engine/answer"
)

// TestResolvePageAsALinkWritesIt: a page named the way a document's link
// writes it, copied from the page's content, is the page the link leads
// to: a Markdown link's target with its percent-escapes
// (./%E8%A8%AD%E8%A8%88.md, as editors write Japanese file names) and a
// wiki-link with its brackets, type or alias ([[設計方針|depends_on]]).
// Before, both were "page not found", the escaped path without a
// suggestion.
func TestResolvePageAsALinkWritesIt(t *testing.T) {
	e, _ := staleProject(t, map[string]string{
		"docs/設計/設計方針.md": "---\ntitle: 設計方針\n---\n\n# 設計方針\n\n## 概要\n\n本文。\n",
		"docs/100%.md":    "# Full\n",
	})
	mustIndex(t, e)
	ctx := context.Background()
	for _, c := range []struct{ ref, want string }{
		{"設計/%E8%A8%AD%E8%A8%88%E6%96%B9%E9%87%9D.md", "設計/設計方針.md"},
		{"./%E8%A8%AD%E8%A8%88%E6%96%B9%E9%87%9D.md", "設計/設計方針.md"},
		{"%E8%A8%AD%E8%A8%88%E6%96%B9%E9%87%9D", "設計/設計方針.md"},
		{"[[設計方針]]", "設計/設計方針.md"},
		{"[[設計方針|depends_on]]", "設計/設計方針.md"},
		{"[[設計方針|方針の文書]]", "設計/設計方針.md"},
		{"![[設計方針]]", "設計/設計方針.md"},
		{"100%.md", "100%.md"}, // a name with '%' as written
	} {
		if _, fp, err := e.ResolvePage(ctx, c.ref); err != nil || fp != c.want {
			t.Errorf("ResolvePage(%q) = %q, %v; want %s", c.ref, fp, err, c.want)
		}
		if p, err := e.GetPage(ctx, c.ref); err != nil || p.Filepath != c.want {
			t.Errorf("GetPage(%q) = %q, %v; want %s", c.ref, p.Filepath, err, c.want)
		}
	}
	// A link to a heading names the page and the heading.
	if p, err := e.GetPage(ctx, "[[設計方針#概要]]"); err != nil || p.Filepath != "設計/設計方針.md" {
		t.Errorf("GetPage([[設計方針#概要]]) = %q, %v", p.Filepath, err)
	}
	// What names no page is still not found.
	for _, ref := range []string{"[[無い頁]]", "%E7%84%A1%E3%81%84.md", "[[]]"} {
		var nf *answer.NotFoundError
		var arg *answer.ArgumentError
		if _, _, err := e.ResolvePage(ctx, ref); !errors.As(err, &nf) && !errors.As(err, &arg) {
			t.Errorf("ResolvePage(%q): %v, want not found", ref, err)
		}
	}
}

// TestGetPageFileNameAndHeading: "name.md#Heading" names the page and the
// heading whenever "name.md" names the page, also for a page below the
// docs root, as [[name#Heading]] resolves; and a heading written as a
// Markdown link's anchor writes it, percent-encoded, names its section.
// Before, guide.md#Setup and 設計方針.md#概要apiサーバー were page not found
// though guide.md and 設計方針.md were found, and an encoded heading gave
// the whole page with missing_heading.
func TestGetPageFileNameAndHeading(t *testing.T) {
	e, _ := staleProject(t, map[string]string{
		"docs/a/guide.md": "# Guide\n\n## Setup\n\nInstall it.\n\n## Use\n\nRun it.\n",
		"docs/設計/設計方針.md": "---\ntitle: 設計方針\n---\n\n# 設計方針\n\n## 概要（ＡＰＩサーバー）\n\n本文。\n\n## 第２章：キャッシュ戦略【重要】\n\n容量。\n",
	})
	mustIndex(t, e)
	ctx := context.Background()
	for _, c := range []struct{ ref, file, heading string }{
		{"guide.md#Setup", "a/guide.md", "Setup"},
		{"./guide.md#setup", "a/guide.md", "Setup"},
		{"guide#Use", "a/guide.md", "Use"},
		{"設計方針.md#概要apiサーバー", "設計/設計方針.md", "概要（ＡＰＩサーバー）"},
		{"./設計方針.md#第２章キャッシュ戦略重要", "設計/設計方針.md", "第２章：キャッシュ戦略【重要】"},
		{"設計方針#%E6%A6%82%E8%A6%81%EF%BD%81%EF%BD%90%EF%BD%89%E3%82%B5%E3%83%BC%E3%83%90%E3%83%BC", "設計/設計方針.md", "概要（ＡＰＩサーバー）"},
		{"./設計方針.md#%E7%AC%AC%EF%BC%92%E7%AB%A0%E3%82%AD%E3%83%A3%E3%83%83%E3%82%B7%E3%83%A5%E6%88%A6%E7%95%A5%E9%87%8D%E8%A6%81", "設計/設計方針.md", "第２章：キャッシュ戦略【重要】"},
	} {
		p, err := e.GetPage(ctx, c.ref)
		if err != nil || p.Filepath != c.file {
			t.Errorf("GetPage(%q) = %q, %v; want %s", c.ref, p.Filepath, err, c.file)
			continue
		}
		if p.MissingHeading != "" || p.Fragment == "" {
			t.Errorf("GetPage(%q): fragment %q, missing heading %q; want the section %s", c.ref, p.Fragment, p.MissingHeading, c.heading)
			continue
		}
		if s, err := p.FindSection(p.Fragment); err != nil || s.Heading != c.heading {
			t.Errorf("GetPage(%q): section %q, %v; want %s", c.ref, s.Heading, err, c.heading)
		}
	}
	// A heading the page lacks still gives the whole page, saying so.
	if p, err := e.GetPage(ctx, "guide.md#Nowhere"); err != nil || p.Filepath != "a/guide.md" || p.MissingHeading != "Nowhere" {
		t.Errorf("GetPage(guide.md#Nowhere) = %q missing %q, %v", p.Filepath, p.MissingHeading, err)
	}
}
