#!/usr/bin/env bash
# Regenerates cmd/ubp/internal/graphhtml/assets/cytoscape.min.js (and its
# licence) from the pinned npm tarball of cytoscape (MIT), refusing a
# tarball whose SHA-256 differs. Needs npm, tar and a SHA-256 tool.
#   bash cmd/ubp/internal/graphhtml/libgen/fetch.sh      (or: make graphlib)
set -euo pipefail

pkg=cytoscape
version=3.34.4
sha256=0d02363d99d805ce8d91fdecab7b2a8cb91ee280d67f309ce44c161d117b4679
# npm's integrity for the same tarball, checked too when npm reports it.
integrity=sha512-msY99tMY8iWTg+sIPGfSqDcPNOt4xcj+v/K/7qUFaCUxxlqnMkUYLBjRUzn9W5CU/R2hrmtJa5+UtovrEM2ctg==

assets=$(cd "$(dirname "$0")/../assets" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "fetching $pkg@$version ..."
(cd "$tmp" && npm pack --json "$pkg@$version" >pack.json 2>/dev/null)
tgz="$tmp/$pkg-$version.tgz"
[ -f "$tgz" ] || { echo "fetch.sh: npm pack did not produce $tgz" >&2; exit 1; }

if command -v sha256sum >/dev/null; then
	got=$(sha256sum "$tgz" | cut -d' ' -f1)
else
	got=$(shasum -a 256 "$tgz" | cut -d' ' -f1)
fi
if [ "$got" != "$sha256" ]; then
	echo "fetch.sh: $pkg-$version.tgz has SHA-256 $got, expected $sha256; refusing to use it" >&2
	exit 1
fi
if grep -q '"integrity"' "$tmp/pack.json" && ! grep -q "\"$integrity\"" "$tmp/pack.json"; then
	echo "fetch.sh: npm reports an integrity other than $integrity; refusing to use it" >&2
	exit 1
fi

tar -xzf "$tgz" -C "$tmp" package/dist/cytoscape.min.js package/LICENSE
if grep -qi '</script' "$tmp/package/dist/cytoscape.min.js"; then
	echo "fetch.sh: cytoscape.min.js contains '</script', which cannot be inlined in HTML" >&2
	exit 1
fi
cp "$tmp/package/dist/cytoscape.min.js" "$assets/cytoscape.min.js"
cp "$tmp/package/LICENSE" "$assets/cytoscape.LICENSE"
echo "wrote $assets/cytoscape.min.js ($pkg $version)"
