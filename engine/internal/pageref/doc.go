// Package pageref is how a user's or agent's reference to a page is
// matched against the documents of the index: the folded keys titles,
// aliases and paths are compared by.
//
// It is pure: it imports no database driver and no other engine package.
package pageref
