package main

import (
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseLine(t *testing.T) {
	tests := []struct {
		line   string
		head   string
		senses [][]string
		common bool
		ok     bool
	}{
		{line: "古い [ふるい] /(adj-i) (1) old/aged/(adj-i) (2) stale/threadbare/(P)/",
			head: "古い", senses: [][]string{{"old", "aged"}, {"stale", "threadbare"}}, common: true, ok: true},
		{line: "検索 [けんさく] /(n,vs) looking up (e.g. a word in a dictionary)/retrieval (e.g. data)/(P)/",
			head: "検索", senses: [][]string{{"looking up", "retrieval"}}, common: true, ok: true},
		{line: "変更 [へんこう] /(n,vs) to change/modification/a revision of something long/",
			head: "変更", senses: [][]string{{"change", "modification"}}, ok: true},
		{line: "文書 [ぶんじょ] /(ok) (n) document/writing/", ok: false},
		{line: "間 [ま] /(n) (1) time/(n) (2) (arch) room/(n) (3) (obs) (sl) gap/",
			head: "間", senses: [][]string{{"time"}}, ok: true},
		{line: "すもも /(n) plum/", ok: false},
		{line: "no slash here", ok: false},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			head, senses, common, ok := parseLine(tt.line)
			if ok != tt.ok || !ok {
				if ok != tt.ok {
					t.Errorf("parseLine(%q) ok = %v, want %v", tt.line, ok, tt.ok)
				}
				return
			}
			if head != tt.head || common != tt.common || !equal(senses, tt.senses) {
				t.Errorf("parseLine(%q) = %q %q %v, want %q %q %v", tt.line, head, senses, common, tt.head, tt.senses, tt.common)
			}
		})
	}
}

func equal(a, b [][]string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if strings.Join(a[i], "|") != strings.Join(b[i], "|") {
			return false
		}
	}
	return true
}

func TestRunMergesReadingsCommonFirst(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "edict")
	edict := strings.Join([]string{
		"文書 [もんじょ] /(n) archives/",
		"文書 [ぶんしょ] /(n) document/writing/(P)/",
		"古い [ふるい] /(adj-i) old/(P)/",
		"",
	}, "\n")
	if err := os.WriteFile(in, []byte(edict), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "jaen.txt")
	if err := run(in, out); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want := "古い\told\n文書\tdocument|writing;archives\n"
	if string(got) != want {
		t.Errorf("output\n%s\nwant\n%s", got, want)
	}
	// Beside the glossary, the Go file naming it by its CRC-32.
	fp, err := os.ReadFile(filepath.Join(dir, "fingerprint.go"))
	if err != nil {
		t.Fatal(err)
	}
	if line := fmt.Sprintf("const dataFingerprint = %q", fmt.Sprintf("%08x", crc32.ChecksumIEEE(got))); !strings.Contains(string(fp), line) {
		t.Errorf("fingerprint.go:\n%s\nwant a line %s", fp, line)
	}
}
