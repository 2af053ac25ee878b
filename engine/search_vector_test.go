package engine

import (
	"context"
	"database/sql"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/search"
	"github.com/ubp-dev/ubp/engine/internal/store/sectionrows"
	"github.com/ubp-dev/ubp/engine/internal/suggest"
)

// These tests use the default provider, the built-in static English model.

func TestSearchHybridWithStaticModel(t *testing.T) {
	e := searchProject(t, searchDocs, DefaultConfig().Embedding.Provider)
	res := mustSearch(t, e, SearchOptions{Query: "how are fusion weights combined", Explain: true})
	if res.SearchType != search.TypeHybrid {
		t.Fatalf("search_type %q, want hybrid with the static model", res.SearchType)
	}
	if len(res.Results) == 0 || res.Results[0].Filepath != "designs/search.md" {
		t.Fatalf("results %v, want designs/search.md first", hitPaths(res))
	}
	top := res.Results[0]
	if top.ScoreBreakdown.VectorSimilarity <= 0 || top.ScoreBreakdown.VectorSimilarity > 1 {
		t.Errorf("vector similarity %v, want in (0, 1]", top.ScoreBreakdown.VectorSimilarity)
	}
	var vecRank int
	for _, s := range top.Explain {
		if s.Signal == search.SignalVector {
			vecRank = s.Rank
		}
	}
	if vecRank == 0 {
		t.Errorf("explain has no vector rank: %+v", top.Explain)
	}

	// Japanese words have vectors through the glossary: hybrid.
	ja := mustSearch(t, e, SearchOptions{Query: "ファイルの変更を検出する仕組み"})
	if ja.SearchType != search.TypeHybrid {
		t.Errorf("Japanese query: search_type %q, want hybrid", ja.SearchType)
	}
	if len(ja.Results) == 0 || ja.Results[0].Filepath != "guides/japanese.md" {
		t.Errorf("Japanese query: %v", hitPaths(ja))
	}
	// A query without a word either model knows (hiragana only) has no
	// vector: full text and graph.
	kana := mustSearch(t, e, SearchOptions{Query: "けんさく"})
	if kana.SearchType != search.TypeFulltextFallback {
		t.Errorf("hiragana query: search_type %q, want fulltext_fallback", kana.SearchType)
	}
}

func TestSuggestLinksByVectors(t *testing.T) {
	docs := map[string]string{
		"a.md": "# Cache\n\n## Eviction\n\nThe cache evicts entries with least recently used eviction when memory pressure rises above the watermark threshold.\n",
		"b.md": "# Memory\n\n## Pressure\n\nWhen memory pressure rises above the watermark threshold the cache evicts least recently used entries.\n",
		"c.md": "# Linked\n\n## Pressure\n\nWhen memory pressure rises above the watermark threshold the cache evicts least recently used entries. See [[a]].\n",
	}
	e := searchProject(t, docs, DefaultConfig().Embedding.Provider)
	got, err := e.SuggestLinks(context.Background(), SuggestOptions{MinScore: ptr(0.5)})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, s := range got {
		if s.SourceFilepath == "a.md" && s.TargetFilepath == "c.md" {
			t.Errorf("linked pair suggested: %+v", s)
		}
		if s.SourceFilepath == "a.md" && s.TargetFilepath == "b.md" {
			found = true
			if s.Score < 0.5 || s.Score > 1 {
				t.Errorf("score %v", s.Score)
			}
		}
	}
	if !found {
		t.Errorf("a.md/b.md not suggested by vectors: %+v", got)
	}
	// The vector path ran (not the keyword fallback).
	err = e.readTx(context.Background(), func(tx *sql.Tx) error {
		docs, err := sectionrows.AllDocuments(context.Background(), tx)
		if err != nil {
			return err
		}
		pairs, ok, err := suggest.VectorPairs(context.Background(), tx, docs, 0.5)
		if err != nil {
			return err
		}
		if !ok || len(pairs) == 0 {
			t.Errorf("suggest.VectorPairs: ok %v, %d pairs; want vectors used", ok, len(pairs))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestHalfWidthKatakanaQueryHasAVector checks that a query in half-width
// katakana is embedded as the same words in full width: it had no vector
// (search_type fulltext_fallback) while its full-width form had one.
func TestHalfWidthKatakanaQueryHasAVector(t *testing.T) {
	e := searchProject(t, map[string]string{
		"rollback.md": "# ロールバック\n\nデプロイに失敗したらロールバックの手順に従う。\n",
		"other.md":    "# 会議\n\n週次の会議の議事録。\n",
	}, "static")
	for _, q := range []string{"ロールバック", "ﾛｰﾙﾊﾞｯｸ"} {
		res := mustSearch(t, e, SearchOptions{Query: q})
		if res.SearchType != search.TypeHybrid || len(res.Results) == 0 || res.Results[0].Filepath != "rollback.md" ||
			res.Results[0].ScoreBreakdown.Cosine <= 0 {
			t.Errorf("%s: search_type %s, results %+v; want hybrid with rollback.md first and a cosine", q, res.SearchType, res.Results)
		}
	}
}
