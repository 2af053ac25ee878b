#!/usr/bin/env bash
# Regenerates engine/lexicon/jaen.txt, ubp's built-in Japanese–English
# glossary, from Debian's edict package (EDICT by the Electronic Dictionary
# Research and Development Group, CC BY-SA 3.0; see engine/lexicon/LICENSE-EDICT).
# The package is pinned by version and SHA-256. Needs curl, dpkg-deb (or ar and
# tar), iconv, a SHA-256 tool and Go.
#   bash internal/lexicongen/fetch.sh      (or: make lexicon)
set -euo pipefail

version=2021.02.03-1
url=${EDICT_URL:-http://deb.debian.org/debian/pool/main/e/edict/edict_${version}_all.deb}
sha256=f1d50611cd5486d30a4bdd56447bcfa1ee5084da7909340f5da3e1abc0b97b3b

repo=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "fetching edict $version ..."
curl -sSfL -o "$tmp/edict.deb" "$url"
if command -v sha256sum >/dev/null; then
	got=$(sha256sum "$tmp/edict.deb" | cut -d' ' -f1)
else
	got=$(shasum -a 256 "$tmp/edict.deb" | cut -d' ' -f1)
fi
if [ "$got" != "$sha256" ]; then
	echo "fetch.sh: edict_${version}_all.deb has SHA-256 $got, expected $sha256; refusing to use it" >&2
	exit 1
fi

mkdir "$tmp/x"
if command -v dpkg-deb >/dev/null; then
	dpkg-deb -x "$tmp/edict.deb" "$tmp/x"
else
	(cd "$tmp" && ar x edict.deb && tar -xf data.tar.* -C x)
fi
iconv -f EUC-JP -t UTF-8 "$tmp/x/usr/share/edict/edict" >"$tmp/edict.utf8"
cp "$tmp/x/usr/share/doc/edict/copyright" "$repo/engine/lexicon/LICENSE-EDICT"
cd "$repo"
go run ./internal/lexicongen -in "$tmp/edict.utf8" -out engine/lexicon/jaen.txt
echo "wrote engine/lexicon/jaen.txt"
