package index

import (
	"strings"

	"golang.org/x/text/unicode/norm"
)

// docTypeNames are the names besides ubp's own a doc_type is read as:
// those a Japanese team writes for the kinds of its documents (設計書 a
// design, 仕様書 and 要件定義 a spec, 意思決定記録 an ADR, 議事録 a
// meeting's notes). Keys are folded as frontmatterDocType folds what is
// written (NFKC, lower case, no spaces), so ＡＰＩ仕様書 and API 仕様書 are
// api仕様書. A name not here, nor one of DocTypes, is unknown: other, with
// a warning.
var docTypeNames = map[string]DocType{
	// Specifications and requirements.
	"仕様": DocSpec, "仕様書": DocSpec, "機能仕様": DocSpec, "機能仕様書": DocSpec,
	"要件": DocSpec, "要件定義": DocSpec, "要件定義書": DocSpec,
	"要求仕様": DocSpec, "要求仕様書": DocSpec, "要求定義": DocSpec, "要求定義書": DocSpec,
	// Designs.
	"設計": DocDesign, "設計書": DocDesign, "設計文書": DocDesign, "設計資料": DocDesign,
	"基本設計": DocDesign, "基本設計書": DocDesign, "詳細設計": DocDesign, "詳細設計書": DocDesign,
	"方式設計": DocDesign, "方式設計書": DocDesign, "アーキテクチャ設計": DocDesign,
	// Architecture decision records.
	"意思決定記録": DocADR, "決定記録": DocADR, "アーキテクチャ決定記録": DocADR,
	"設計判断記録": DocADR, "技術選定記録": DocADR,
	// Guides.
	"ガイド": DocGuide, "手順": DocGuide, "手順書": DocGuide, "マニュアル": DocGuide,
	"操作手順書": DocGuide, "運用手順書": DocGuide, "利用ガイド": DocGuide, "使い方": DocGuide,
	"チュートリアル": DocGuide, "入門": DocGuide,
	// APIs (an API's specification is its reference, not a spec of the
	// product).
	"api仕様": DocAPI, "api仕様書": DocAPI, "api設計書": DocAPI, "apiリファレンス": DocAPI,
	"インターフェース仕様書": DocAPI, "インタフェース仕様書": DocAPI,
	// Meetings.
	"議事録": DocMeeting, "会議録": DocMeeting, "会議メモ": DocMeeting, "ミーティング": DocMeeting,
	"ミーティングメモ": DocMeeting, "打ち合わせ": DocMeeting, "打ち合わせメモ": DocMeeting,
	"打合せ": DocMeeting, "打合せ記録": DocMeeting, "定例": DocMeeting,
	// To-do lists.
	"やること": DocTodo, "タスク": DocTodo, "タスク一覧": DocTodo, "todoリスト": DocTodo,
	// Anything else.
	"その他": DocOther,
}

// frontmatterDocType is the DocType a frontmatter doc_type names, one of
// ubp's names in any case or one of docTypeNames in any width and spacing,
// and whether it names one.
func frontmatterDocType(written string) (DocType, bool) {
	name := strings.ToLower(strings.TrimSpace(written))
	if t, ok := ParseDocType(name); ok {
		return t, true
	}
	key := strings.Join(strings.Fields(strings.ToLower(norm.NFKC.String(name))), "")
	if t, ok := ParseDocType(key); ok {
		return t, true // ＡＤＲ
	}
	if t, ok := docTypeNames[key]; ok {
		return t, true
	}
	return DocOther, false
}
