#!/usr/bin/env bash
# Fetches one pinned npm tarball and checks it before anyone unpacks it:
# the SHA-256 must match, and so must npm's integrity when one is given and
# npm reports one. Used by the scripts that regenerate files bundled in the
# repo from npm packages (the word-vector model, the graph view's library).
#   bash internal/npmpin/pack.sh PKG VERSION SHA256 DIR [INTEGRITY]
# prints the path of the verified DIR/PKG-VERSION.tgz. Needs npm and a
# SHA-256 tool.
set -euo pipefail

if [ $# -lt 4 ]; then
	echo "usage: pack.sh PKG VERSION SHA256 DIR [INTEGRITY]" >&2
	exit 2
fi
pkg=$1 version=$2 sha256=$3 dir=$4 integrity=${5:-}

echo "fetching $pkg@$version ..." >&2
(cd "$dir" && npm pack --json "$pkg@$version" >pack.json 2>/dev/null)
tgz="$dir/$pkg-$version.tgz"
[ -f "$tgz" ] || { echo "pack.sh: npm pack did not produce $tgz" >&2; exit 1; }

if command -v sha256sum >/dev/null; then
	got=$(sha256sum "$tgz" | cut -d' ' -f1)
else
	got=$(shasum -a 256 "$tgz" | cut -d' ' -f1)
fi
if [ "$got" != "$sha256" ]; then
	echo "pack.sh: $pkg-$version.tgz has SHA-256 $got, expected $sha256; refusing to use it" >&2
	exit 1
fi
if [ -n "$integrity" ] && grep -q '"integrity"' "$dir/pack.json" && ! grep -qF "\"$integrity\"" "$dir/pack.json"; then
	echo "pack.sh: npm reports an integrity other than $integrity for $pkg-$version; refusing to use it" >&2
	exit 1
fi
echo "$tgz"
