// Package pageref is how a user's or agent's reference to a page is
// matched against the documents of the index, after the exact path and
// link resolution the read side tries first: the folded keys titles,
// aliases and paths are compared by (Fold), the reference made relative to
// the docs folder (Normalize), the lookup rules (Match) and, for a
// reference that matches nothing, the closest paths (Suggest).
//
// It is pure: it imports no database driver and no other engine package.
package pageref
