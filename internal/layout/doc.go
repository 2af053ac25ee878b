// Package layout holds no code: its test keeps the direction of imports
// between ubp's packages (docs/architecture.md draws the map). Data flows one
// way, files → index → engine → search → CLI and MCP, so a package may
// import only what lies upstream of it, and the pure packages (parsing,
// link resolution, ranking, query parsing, rendering) import no database.
// Its tests also keep SQL in the storage layer, and the front ends' part
// in the front ends: a ubp command line to advise and the environment are
// written and read in cmd/ (and internal/advice), not in the library.
package layout
