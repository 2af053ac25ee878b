#!/usr/bin/env bash
# Regenerates cmd/ubp/internal/graphhtml/assets/cytoscape.min.js (and its
# licence) from the pinned npm tarball of cytoscape (MIT), refusing a
# tarball whose SHA-256 differs (internal/npmpin/pack.sh). Needs npm, tar
# and a SHA-256 tool.
#   bash cmd/ubp/internal/graphhtml/libgen/fetch.sh      (or: make graphlib)
set -euo pipefail

pkg=cytoscape
version=3.34.4
sha256=0d02363d99d805ce8d91fdecab7b2a8cb91ee280d67f309ce44c161d117b4679
# npm's integrity for the same tarball, checked too when npm reports it.
integrity=sha512-msY99tMY8iWTg+sIPGfSqDcPNOt4xcj+v/K/7qUFaCUxxlqnMkUYLBjRUzn9W5CU/R2hrmtJa5+UtovrEM2ctg==

assets=$(cd "$(dirname "$0")/../assets" && pwd)
repo=$(cd "$(dirname "$0")/../../../../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

tgz=$(bash "$repo/internal/npmpin/pack.sh" "$pkg" "$version" "$sha256" "$tmp" "$integrity")

tar -xzf "$tgz" -C "$tmp" package/dist/cytoscape.min.js package/LICENSE
if grep -qi '</script' "$tmp/package/dist/cytoscape.min.js"; then
	echo "fetch.sh: cytoscape.min.js contains '</script', which cannot be inlined in HTML" >&2
	exit 1
fi
cp "$tmp/package/dist/cytoscape.min.js" "$assets/cytoscape.min.js"
cp "$tmp/package/LICENSE" "$assets/cytoscape.LICENSE"
echo "wrote $assets/cytoscape.min.js ($pkg $version)"
