package stale

// readDecl returns a Go declaration's text in the file at a commit; found
// is false when the file or the declaration is not there. The file is
// parsed once for the whole check (cat keeps its declarations by blob),
// whatever the number of refs reading it and however the commit is
// written (its hash, a child's hash^, HEAD), and once for all the commits
// it is unchanged in: until 2026-11-27 each read parsed it again, and
// then each spelling of a commit.
func readDecl(cat *catFile, hash, repoPath, symbol string) (text []byte, found bool, err error) {
	b, err := cat.blob(hash, repoPath)
	if err != nil || !b.found {
		return nil, false, err
	}
	d, ok := cat.decls[b.oid]
	if !ok {
		d = parseFileDecls(repoPath, b.data)
		cat.decls[b.oid] = d
	}
	text, found = d.text(symbol)
	return text, found, nil
}

// declHash is what a declaration is compared by across commits: the
// SHA-256 of its text, as symbolFingerprint records it at a sync, or ""
// when it is missing.
func declHash(text []byte, found bool) string {
	if !found {
		return ""
	}
	return sha256Hex(text)
}

// declChanges walks the commits of changes (newest first, as a history
// keeps them) oldest first, leaving out those skip refuses (nil: none) and
// repeats of one commit, and compares the declaration at each with the one
// before, starting from prev (a declHash). It returns the first commit that
// changed it (-1: none) and how many did. Both baselines use it: a Go
// declaration ref counts the commits that changed the declaration, not
// every commit to its file. With sinceBase, a commit that gives the
// declaration back its text at the start (prev: the baseline's) undoes the
// changes before it, which then count no more: first and n are then of the
// changes made since it last held that text, when that commit has them
// in its history (history.undoes; a revert, then a new change;
// until 2026-11-28 the index baseline dated such a ref by the reverted
// change).
func declChanges(cat *catFile, h *history, changes []change, repoPath, symbol, prev string, skip func(change) bool, sinceBase bool) (first, n int, err error) {
	first = -1
	base := prev
	var older []change // those read, for history.undoes
	for i := len(changes) - 1; i >= 0; i-- {
		c := changes[i]
		if skip != nil && skip(c) || i < len(changes)-1 && c.commit == changes[i+1].commit {
			continue
		}
		if sinceBase {
			older = append(older, c)
		}
		text, found, err := readDecl(cat, h.commits[c.commit].hash, repoPath, symbol)
		if err != nil {
			return -1, 0, err
		}
		hash := declHash(text, found)
		if hash != prev {
			prev = hash
			n++
			if first < 0 {
				first = c.commit
			}
		}
		// Read in topological order, a commit holding the baseline's text
		// may follow a side branch's commit holding it too: compared with
		// the baseline, not with the commit read before.
		if sinceBase && hash == base && first >= 0 && h.undoes(c.commit, older[:len(older)-1]) {
			first, n = -1, 0
		}
	}
	return first, n, nil
}
