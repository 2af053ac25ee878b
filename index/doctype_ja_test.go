package index

import (
	"strings"
	"testing"
)

// TestJapaneseDocTypes: a Japanese team writes the kind of a document in
// Japanese (doc_type: 設計書). The common names are read as ubp's types,
// without a warning, whatever their width (ＡＰＩ仕様書) or spacing; a name
// ubp does not know stays other with the warning, as an unknown English one
// does. Every Japanese name was other with "unknown doc_type".
func TestJapaneseDocTypes(t *testing.T) {
	for _, tt := range []struct {
		written string
		want    DocType
	}{
		{"設計書", DocDesign},
		{"基本設計書", DocDesign},
		{"詳細設計", DocDesign},
		{"仕様書", DocSpec},
		{"要件定義", DocSpec},
		{"要件定義書", DocSpec},
		{"要求仕様書", DocSpec},
		{"意思決定記録", DocADR},
		{"アーキテクチャ決定記録", DocADR},
		{"ガイド", DocGuide},
		{"手順書", DocGuide},
		{"マニュアル", DocGuide},
		{"API仕様書", DocAPI},
		{"ＡＰＩ仕様書", DocAPI},
		{"API 仕様書", DocAPI},
		{"議事録", DocMeeting},
		{"打ち合わせメモ", DocMeeting},
		{"ﾀｽｸ", DocTodo},
		{"やること", DocTodo},
		{"その他", DocOther},
	} {
		t.Run(tt.written, func(t *testing.T) {
			doc, warns := Parse("docs/a.md", []byte("---\ndoc_type: "+tt.written+"\n---\n# A\n"))
			if doc.DocType != tt.want {
				t.Errorf("doc_type %q read as %q, want %q", tt.written, doc.DocType, tt.want)
			}
			if doc.Frontmatter.DocType != tt.written {
				t.Errorf("the frontmatter keeps %q, want it as written, %q", doc.Frontmatter.DocType, tt.written)
			}
			for _, w := range warns {
				t.Errorf("warning %s", w)
			}
		})
	}
	for _, unknown := range []string{"ブログ", "設計書らしきもの", "blog"} {
		t.Run("unknown "+unknown, func(t *testing.T) {
			doc, warns := Parse("docs/a.md", []byte("---\ndoc_type: "+unknown+"\n---\n# A\n"))
			if doc.DocType != DocOther || len(warns) != 1 || !strings.Contains(warns[0].Message, `unknown doc_type "`+unknown+`"`) {
				t.Errorf("doc_type %q: %q, warnings %v; want other and the unknown doc_type warning", unknown, doc.DocType, warns)
			}
		})
	}
}
